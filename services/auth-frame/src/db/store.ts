import { migrate, openPostgresDriver, openSqliteDriver, type SqlDriver } from '@portico/api'
import type { AccountType } from '@portico/shared-types'
import type { DatabaseConfig } from '../config.ts'
import { sealedKeyId } from '../crypto/vault.ts'
import { MIGRATIONS } from './migrations.ts'

export type KeyNamespace = 'eip155' | 'solana'

export interface UserRow {
  id: string
  email: string | null
  social_provider: string | null
  social_subject: string | null
  user_name: string | null
  preferred_account_type: AccountType | null
  created_at: number
}

export interface SessionRow {
  token_hash: string
  user_id: string
  device_hash: string
  project_id: string
  chain_id: string
  expires_at: number
  created_at?: number
}

/** The one-time approval of an unsafe request (its secret and the request stored as hashes). */
export interface ApprovalRow {
  id_hash: string
  session_hash: string
  request_hash: string
  expires_at: number
}

export interface FlowRow {
  id: string
  kind: 'login' | 'update' | 'export'
  device_hash: string
  project_id: string
  email: string
  new_email: string | null
  user_id: string | null
  step: 'device' | 'otp' | 'primary' | 'secondary'
  link_mac: string | null
  code_mac: string | null
  attempts: number
  code_expires_at: number | null
  expires_at: number
}

export interface SealedKeyRow {
  user_id: string
  namespace: KeyNamespace
  address: string
  sealed_key: string
  key_id: string | null
}

export interface MailRow {
  id: string
  to_address: string
  subject: string
  body: string
  created_at: number
}

/** The auth frame's data: every query in one place, the same SQL on SQLite and PostgreSQL. */
export interface Store {
  readonly driver: SqlDriver
  userById(id: string): Promise<UserRow | undefined>
  userByEmail(email: string): Promise<UserRow | undefined>
  userBySocial(provider: string, subject: string): Promise<UserRow | undefined>
  insertUser(
    user: Omit<UserRow, 'created_at'>,
    keys: { namespace: KeyNamespace; address: string; sealed: string }[],
  ): Promise<void>
  updateUser(
    id: string,
    fields: Partial<Pick<UserRow, 'email' | 'user_name' | 'preferred_account_type'>>,
  ): Promise<void>
  userKey(
    userId: string,
    namespace: KeyNamespace,
  ): Promise<{ address: string; sealed_key: string } | undefined>
  userKeys(userId: string): Promise<{ namespace: KeyNamespace; address: string }[]>
  /**
   * Key rotation: up to `limit` user keys not recorded under server key `keyId` (other key, or none:
   * sealed before key ids), after `after` in (user_id, namespace) order.
   */
  keysNotUnder(
    keyId: string,
    after: { userId: string; namespace: string },
    limit: number,
  ): Promise<SealedKeyRow[]>
  countKeysNotUnder(keyId: string): Promise<number>
  /** Replaces a sealed key in its own transaction only if it is still `oldSealed` (compare-and-set). */
  resealKey(row: SealedKeyRow, newSealed: string, keyId: string): Promise<boolean>
  deviceKnown(userId: string, deviceHash: string): Promise<boolean>
  addDevice(userId: string, deviceHash: string, now: number): Promise<void>
  insertSession(session: SessionRow, now: number): Promise<void>
  session(tokenHash: string): Promise<(SessionRow & { revoked_at: number | null }) | undefined>
  setSessionChain(tokenHash: string, chainId: string): Promise<void>
  revokeSession(tokenHash: string, deviceHash: string, now: number): Promise<void>
  /** Sign-out everywhere: every live session of the user ends. */
  revokeUserSessions(userId: string, now: number): Promise<void>
  /** Sliding renewal: moves a live session's expiry (never past its cap, which the caller computed). */
  renewSession(tokenHash: string, expiresAt: number): Promise<void>
  insertApproval(approval: ApprovalRow, now: number): Promise<void>
  /**
   * Uses an approval once: true only if it exists for this session and request, is unused and unexpired,
   * and this call is the one that marked it used (concurrent uses: exactly one wins).
   */
  consumeApproval(idHash: string, sessionHash: string, requestHash: string, now: number): Promise<boolean>
  insertFlow(flow: FlowRow, now: number): Promise<void>
  /** The device's newest flow of a kind that has not expired. */
  latestFlow(deviceHash: string, kind: FlowRow['kind'], now: number): Promise<FlowRow | undefined>
  flow(id: string): Promise<FlowRow | undefined>
  updateFlow(
    id: string,
    fields: Partial<
      Pick<FlowRow, 'step' | 'code_mac' | 'attempts' | 'code_expires_at' | 'link_mac' | 'user_id'>
    >,
  ): Promise<void>
  /** Adds one failed attempt unless the cap is reached; resolves to whether it was counted. */
  countAttempt(id: string, maxAttempts: number): Promise<boolean>
  deleteFlow(id: string): Promise<void>
  deleteFlowsOf(deviceHash: string, kind: FlowRow['kind']): Promise<void>
  insertMail(mail: MailRow): Promise<void>
  mail(to: string | undefined, limit: number): Promise<MailRow[]>
  /**
   * Records a send unless the address or the IP already reached its cap within its window; resolves
   * to whether it was recorded. Counting and recording are one step, so concurrent sends on any
   * number of nodes never pass the cap together.
   */
  recordEmailSendWithin(send: EmailSend, limits: EmailSendLimits): Promise<boolean>
  /** Deletes expired flows, email-send records older than `sendsBefore`, sessions ended before `sessionsBefore`. */
  prune(now: number, sendsBefore: number, sessionsBefore: number): Promise<void>
  close(): Promise<void>
}

export interface EmailSend {
  email: string
  ip: string
  now: number
}

export interface EmailSendLimits {
  perEmail: { max: number; since: number }
  perIp: { max: number; since: number }
}

/** PostgreSQL advisory lock of the email-send count (the API's locks are 4180 and 4181). */
const EMAIL_SEND_LOCK = 4200

export async function openStore(db: DatabaseConfig): Promise<Store> {
  const driver =
    db.kind === 'postgres'
      ? await openPostgresDriver({ url: db.url, schema: db.schema ?? 'auth_frame' })
      : openSqliteDriver(db.file)
  try {
    await migrate(driver, MIGRATIONS)
  } catch (err) {
    await driver.close()
    throw err
  }
  return createStore(driver)
}

const num = (x: unknown) => (x === null || x === undefined ? x : Number(x))

function normaliseFlow(row: FlowRow): FlowRow {
  return {
    ...row,
    attempts: Number(row.attempts),
    code_expires_at: num(row.code_expires_at) as number | null,
    expires_at: Number(row.expires_at),
  }
}

function setClause(fields: Record<string, unknown>): { sql: string; values: (string | number | null)[] } {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined)
  return {
    sql: entries.map(([k]) => `${k} = ?`).join(', '),
    values: entries.map(([, v]) => v as string | number | null),
  }
}

export function createStore(driver: SqlDriver): Store {
  const one = async <T>(sql: string, params: (string | number | null)[]) =>
    (await driver.all<T>(sql, params))[0]
  return {
    driver,
    userById: (id) => one<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
    userByEmail: (email) => one<UserRow>('SELECT * FROM users WHERE email = ?', [email]),
    userBySocial: (provider, subject) =>
      one<UserRow>('SELECT * FROM users WHERE social_provider = ? AND social_subject = ?', [
        provider,
        subject,
      ]),
    insertUser: (user, keys) =>
      driver.transaction(async (tx) => {
        await tx.run(
          'INSERT INTO users (id, email, social_provider, social_subject, user_name, preferred_account_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [
            user.id,
            user.email,
            user.social_provider,
            user.social_subject,
            user.user_name,
            user.preferred_account_type,
            Date.now(),
          ],
        )
        for (const key of keys)
          await tx.run(
            'INSERT INTO user_keys (user_id, namespace, address, sealed_key, key_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
            [user.id, key.namespace, key.address, key.sealed, sealedKeyId(key.sealed) ?? null, Date.now()],
          )
      }),
    async updateUser(id, fields) {
      const { sql, values } = setClause(fields)
      if (sql) await driver.run(`UPDATE users SET ${sql} WHERE id = ?`, [...values, id])
    },
    userKey: (userId, namespace) =>
      one('SELECT address, sealed_key FROM user_keys WHERE user_id = ? AND namespace = ?', [
        userId,
        namespace,
      ]),
    userKeys: (userId) =>
      driver.all('SELECT namespace, address FROM user_keys WHERE user_id = ? ORDER BY namespace', [userId]),
    keysNotUnder: (keyId, after, limit) =>
      driver.all<SealedKeyRow>(
        'SELECT user_id, namespace, address, sealed_key, key_id FROM user_keys WHERE (key_id IS NULL OR key_id <> ?) AND (user_id > ? OR (user_id = ? AND namespace > ?)) ORDER BY user_id, namespace LIMIT ?',
        [keyId, after.userId, after.userId, after.namespace, limit],
      ),
    async countKeysNotUnder(keyId) {
      const row = await one<{ n: number | string }>(
        'SELECT COUNT(*) AS n FROM user_keys WHERE key_id IS NULL OR key_id <> ?',
        [keyId],
      )
      return Number(row?.n ?? 0)
    },
    resealKey: (row, newSealed, keyId) =>
      driver.transaction(
        async (tx) =>
          (await tx.run(
            'UPDATE user_keys SET sealed_key = ?, key_id = ? WHERE user_id = ? AND namespace = ? AND sealed_key = ?',
            [newSealed, keyId, row.user_id, row.namespace, row.sealed_key],
          )) === 1,
      ),
    deviceKnown: async (userId, deviceHash) =>
      (await one('SELECT 1 AS ok FROM devices WHERE user_id = ? AND device_hash = ?', [
        userId,
        deviceHash,
      ])) !== undefined,
    async addDevice(userId, deviceHash, now) {
      await driver.run(
        'INSERT INTO devices (user_id, device_hash, verified_at) VALUES (?, ?, ?) ON CONFLICT (user_id, device_hash) DO NOTHING',
        [userId, deviceHash, now],
      )
    },
    async insertSession(s, now) {
      await driver.run(
        'INSERT INTO sessions (token_hash, user_id, device_hash, project_id, chain_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [s.token_hash, s.user_id, s.device_hash, s.project_id, s.chain_id, now, s.expires_at],
      )
    },
    async session(tokenHash) {
      const row = await one<SessionRow & { revoked_at: number | null }>(
        'SELECT token_hash, user_id, device_hash, project_id, chain_id, created_at, expires_at, revoked_at FROM sessions WHERE token_hash = ?',
        [tokenHash],
      )
      return (
        row && {
          ...row,
          expires_at: Number(row.expires_at),
          created_at: Number(row.created_at),
          revoked_at: num(row.revoked_at) as number | null,
        }
      )
    },
    async setSessionChain(tokenHash, chainId) {
      await driver.run('UPDATE sessions SET chain_id = ? WHERE token_hash = ?', [chainId, tokenHash])
    },
    async revokeSession(tokenHash, deviceHash, now) {
      await driver.run(
        'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND device_hash = ? AND revoked_at IS NULL',
        [now, tokenHash, deviceHash],
      )
    },
    async revokeUserSessions(userId, now) {
      await driver.run('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [
        now,
        userId,
      ])
    },
    async renewSession(tokenHash, expiresAt) {
      await driver.run(
        'UPDATE sessions SET expires_at = ? WHERE token_hash = ? AND revoked_at IS NULL AND expires_at < ?',
        [expiresAt, tokenHash, expiresAt],
      )
    },
    async insertApproval(a, now) {
      await driver.run(
        'INSERT INTO approvals (id_hash, session_hash, request_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        [a.id_hash, a.session_hash, a.request_hash, now, a.expires_at],
      )
    },
    consumeApproval: async (idHash, sessionHash, requestHash, now) =>
      (await driver.run(
        'UPDATE approvals SET used_at = ? WHERE id_hash = ? AND session_hash = ? AND request_hash = ? AND used_at IS NULL AND expires_at > ?',
        [now, idHash, sessionHash, requestHash, now],
      )) === 1,
    async insertFlow(f, now) {
      await driver.run(
        'INSERT INTO flows (id, kind, device_hash, project_id, email, new_email, user_id, step, link_mac, code_mac, attempts, code_expires_at, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          f.id,
          f.kind,
          f.device_hash,
          f.project_id,
          f.email,
          f.new_email,
          f.user_id,
          f.step,
          f.link_mac,
          f.code_mac,
          f.attempts,
          f.code_expires_at,
          now,
          f.expires_at,
        ],
      )
    },
    async latestFlow(deviceHash, kind, now) {
      const row = await one<FlowRow>(
        'SELECT * FROM flows WHERE device_hash = ? AND kind = ? AND expires_at > ? ORDER BY created_at DESC LIMIT 1',
        [deviceHash, kind, now],
      )
      return row && normaliseFlow(row)
    },
    async flow(id) {
      const row = await one<FlowRow>('SELECT * FROM flows WHERE id = ?', [id])
      return row && normaliseFlow(row)
    },
    async updateFlow(id, fields) {
      const { sql, values } = setClause(fields)
      if (sql) await driver.run(`UPDATE flows SET ${sql} WHERE id = ?`, [...values, id])
    },
    countAttempt: async (id, maxAttempts) =>
      (await driver.run('UPDATE flows SET attempts = attempts + 1 WHERE id = ? AND attempts < ?', [
        id,
        maxAttempts,
      ])) > 0,
    async deleteFlow(id) {
      await driver.run('DELETE FROM flows WHERE id = ?', [id])
    },
    async deleteFlowsOf(deviceHash, kind) {
      await driver.run('DELETE FROM flows WHERE device_hash = ? AND kind = ?', [deviceHash, kind])
    },
    async insertMail(m) {
      await driver.run(
        'INSERT INTO mailbox (id, to_address, subject, body, created_at) VALUES (?, ?, ?, ?, ?)',
        [m.id, m.to_address, m.subject, m.body, m.created_at],
      )
    },
    async mail(to, limit) {
      const rows = to
        ? await driver.all<MailRow>(
            'SELECT * FROM mailbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT ?',
            [to, limit],
          )
        : await driver.all<MailRow>('SELECT * FROM mailbox ORDER BY created_at DESC, id DESC LIMIT ?', [
            limit,
          ])
      return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }))
    },
    recordEmailSendWithin: ({ email, ip, now }, { perEmail, perIp }) =>
      driver.transaction(async (tx) => {
        if (driver.dialect === 'postgres') await tx.all(`SELECT pg_advisory_xact_lock(${EMAIL_SEND_LOCK})`)
        const count = async (column: 'email' | 'ip', value: string, since: number) => {
          const [row] = await tx.all<{ n: number | string }>(
            `SELECT COUNT(*) AS n FROM email_sends WHERE ${column} = ? AND created_at > ?`,
            [value, since],
          )
          return Number(row?.n ?? 0)
        }
        if ((await count('email', email, perEmail.since)) >= perEmail.max) return false
        if ((await count('ip', ip, perIp.since)) >= perIp.max) return false
        await tx.run('INSERT INTO email_sends (email, ip, created_at) VALUES (?, ?, ?)', [email, ip, now])
        return true
      }),
    async prune(now, sendsBefore, sessionsBefore) {
      await driver.run('DELETE FROM flows WHERE expires_at <= ?', [now])
      await driver.run('DELETE FROM approvals WHERE expires_at <= ?', [now])
      await driver.run('DELETE FROM email_sends WHERE created_at < ?', [sendsBefore])
      await driver.run('DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?', [
        sessionsBefore,
        sessionsBefore,
      ])
    },
    close: () => driver.close(),
  }
}
