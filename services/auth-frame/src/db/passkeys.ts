import type { SqlDriver } from '@portico/api'

export interface PasskeyRow {
  /** base64url, as the authenticator names it. */
  credential_id: string
  user_id: string
  /** The COSE public key, base64url. */
  public_key: string
  counter: number
  /** Comma list of the authenticator's transports ('internal', 'hybrid', …), or null. */
  transports: string | null
  created_at: number
  last_used_at: number | null
}

export type CeremonyKind = 'register' | 'login'

export interface ChallengeRow {
  id: string
  kind: CeremonyKind
  device_hash: string
  project_id: string
  /** register: the account the passkey is for (a new account's id is chosen here); login: null. */
  user_id: string | null
  /** base64url, as sent to the browser. */
  challenge: string
  ip: string
  created_at: number
  expires_at: number
  used_at: number | null
}

/** The passkeys' data: credentials and their ceremonies' challenges, the same SQL on SQLite and PostgreSQL. */
export interface PasskeyStore {
  /**
   * Records a new ceremony unless its IP (or its account, for a registration to an existing one) already
   * started `max` since `since`; resolves to whether it was recorded. Counting and recording are one
   * step, so concurrent requests on any number of nodes never pass the cap together.
   */
  insertChallengeWithin(
    row: Omit<ChallengeRow, 'used_at'>,
    limit: { max: number; since: number },
  ): Promise<boolean>
  /**
   * Takes the device's newest unexpired challenge of a kind for a project and marks it used, whatever
   * the answer turns out to be: a challenge is good for one verification only (concurrent takes: one wins).
   */
  takeChallenge(
    deviceHash: string,
    projectId: string,
    kind: CeremonyKind,
    now: number,
  ): Promise<ChallengeRow | undefined>
  passkey(credentialId: string): Promise<PasskeyRow | undefined>
  passkeysOf(userId: string): Promise<PasskeyRow[]>
  /** False when the credential is already registered (to anyone). */
  insertPasskey(row: Omit<PasskeyRow, 'last_used_at'>): Promise<boolean>
  /** Moves the counter only from the value verified against (compare-and-set); false if it moved since. */
  usePasskey(credentialId: string, from: number, to: number, now: number): Promise<boolean>
  prune(before: number): Promise<void>
}

/** PostgreSQL advisory lock of the ceremony count (the email-send count's is 4200). */
const CHALLENGE_LOCK = 4201

const normalise = <T extends { counter?: unknown; created_at: unknown }>(row: T): T => ({
  ...row,
  ...(row.counter !== undefined && { counter: Number(row.counter) }),
  created_at: Number(row.created_at),
})

export function passkeyStore(driver: SqlDriver): PasskeyStore {
  return {
    insertChallengeWithin: (c, { max, since }) =>
      driver.transaction(async (tx) => {
        if (driver.dialect === 'postgres') await tx.all(`SELECT pg_advisory_xact_lock(${CHALLENGE_LOCK})`)
        const count = async (column: 'ip' | 'user_id', value: string) => {
          const [row] = await tx.all<{ n: number | string }>(
            `SELECT COUNT(*) AS n FROM passkey_challenges WHERE ${column} = ? AND created_at > ?`,
            [value, since],
          )
          return Number(row?.n ?? 0)
        }
        if ((await count('ip', c.ip)) >= max) return false
        if (c.kind === 'register' && c.user_id && (await count('user_id', c.user_id)) >= max) return false
        await tx.run(
          'INSERT INTO passkey_challenges (id, kind, device_hash, project_id, user_id, challenge, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [
            c.id,
            c.kind,
            c.device_hash,
            c.project_id,
            c.user_id,
            c.challenge,
            c.ip,
            c.created_at,
            c.expires_at,
          ],
        )
        return true
      }),
    async takeChallenge(deviceHash, projectId, kind, now) {
      const [row] = await driver.all<ChallengeRow>(
        'SELECT * FROM passkey_challenges WHERE device_hash = ? AND project_id = ? AND kind = ? ORDER BY created_at DESC, id DESC LIMIT 1',
        [deviceHash, projectId, kind],
      )
      if (!row || row.used_at !== null || Number(row.expires_at) <= now) return undefined
      const taken = await driver.run(
        'UPDATE passkey_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL',
        [now, row.id],
      )
      return taken === 1 ? { ...normalise(row), expires_at: Number(row.expires_at) } : undefined
    },
    async passkey(credentialId) {
      const [row] = await driver.all<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = ?', [
        credentialId,
      ])
      return row && normalise(row)
    },
    async passkeysOf(userId) {
      const rows = await driver.all<PasskeyRow>(
        'SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at',
        [userId],
      )
      return rows.map(normalise)
    },
    async insertPasskey(p) {
      if (await this.passkey(p.credential_id)) return false
      try {
        await driver.run(
          'INSERT INTO passkeys (credential_id, user_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          [p.credential_id, p.user_id, p.public_key, p.counter, p.transports, p.created_at],
        )
        return true
      } catch (err) {
        // Registered by a concurrent request between the read and the write: the primary key refused it.
        if (await this.passkey(p.credential_id)) return false
        throw err
      }
    },
    usePasskey: async (credentialId, from, to, now) =>
      (await driver.run(
        'UPDATE passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ? AND counter = ?',
        [to, now, credentialId, from],
      )) === 1,
    async prune(before) {
      await driver.run('DELETE FROM passkey_challenges WHERE expires_at < ?', [before])
    },
  }
}
