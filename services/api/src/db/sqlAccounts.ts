import type { SqlDriver } from './driver.ts'
import type { NameRecord, Repository } from './repository.ts'
import { lower, type Num, type SessionRow, sessionFromRow } from './sqlRows.ts'

type AccountMethods = Pick<
  Repository,
  | 'putName'
  | 'latestName'
  | 'createSession'
  | 'listSessions'
  | 'getSession'
  | 'revokeSession'
  | 'pruneSessions'
>

/** What belongs to an account: its names and its sessions. */
export function sqlAccountMethods(db: SqlDriver): AccountMethods {
  return {
    async putName(n) {
      await db.run(
        `INSERT INTO names (name, address, avatar, attributes, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET address = excluded.address, avatar = excluded.avatar,
           attributes = excluded.attributes, created_at = excluded.created_at`,
        [n.name, lower(n.address), n.avatar, JSON.stringify(n.attributes), n.createdAt],
      )
    },

    async latestName(address) {
      const rows = await db.all<{
        name: string
        address: string
        avatar: string | null
        attributes: string
        created_at: Num
      }>('SELECT * FROM names WHERE address = ? ORDER BY created_at DESC, name DESC LIMIT 1', [
        lower(address),
      ])
      const r = rows[0]
      if (!r) return null
      const record: NameRecord = {
        name: r.name,
        address: r.address,
        avatar: r.avatar,
        attributes: JSON.parse(r.attributes) as Record<string, string>,
        createdAt: Number(r.created_at),
      }
      return record
    },

    async createSession(s, cap) {
      const values = [
        s.pci,
        lower(s.address),
        s.projectId,
        JSON.stringify(s.permission),
        s.createdAt,
        s.expiry,
        s.revokedAt,
      ]
      if (!cap) {
        await db.run(
          `INSERT INTO sessions (pci, address, project_id, permission, created_at, expiry, revoked_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          values,
        )
        return true
      }
      // One statement: no other creation slips in between the count and the insert.
      const changed = await db.run(
        `INSERT INTO sessions (pci, address, project_id, permission, created_at, expiry, revoked_at)
         SELECT ?, ?, ?, ?, ?, ?, ? WHERE (
           SELECT COUNT(*) FROM sessions
           WHERE address = ? AND revoked_at IS NULL AND (expiry IS NULL OR expiry > ?)
         ) < ?`,
        [...values, lower(s.address), cap.now, cap.maxLive],
      )
      return changed > 0
    },

    async listSessions(address) {
      const rows = await db.all<SessionRow>(
        'SELECT * FROM sessions WHERE address = ? ORDER BY created_at, pci',
        [lower(address)],
      )
      return rows.map(sessionFromRow)
    },

    async getSession(pci) {
      const rows = await db.all<SessionRow>('SELECT * FROM sessions WHERE pci = ?', [pci])
      return rows[0] ? sessionFromRow(rows[0]) : null
    },

    async revokeSession(pci, at) {
      const changed = await db.run(
        'UPDATE sessions SET revoked_at = ? WHERE pci = ? AND revoked_at IS NULL',
        [at, pci],
      )
      return changed > 0
    },

    pruneSessions: (endedBefore) =>
      db.run(
        `DELETE FROM sessions WHERE (expiry IS NOT NULL AND expiry < ?)
           OR (revoked_at IS NOT NULL AND revoked_at < ?)`,
        [endedBefore, endedBefore],
      ),
  }
}
