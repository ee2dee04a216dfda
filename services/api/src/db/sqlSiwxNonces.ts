import type { SqlDriver } from './driver.ts'
import type { SiwxNonceLedger, SiwxNonceUseResult } from './siwxNoncesRepository.ts'

/** PostgreSQL advisory lock (with the client's hash) serialising one client's nonce uses across nodes. */
const SIWX_NONCE_LOCK = 4182

/** Used sign-in nonces over either SQL engine: the primary key makes a use single. */
export function sqlSiwxNonceMethods(db: SqlDriver): SiwxNonceLedger {
  return {
    useSiwxNonce(use, { maxPerClient, now }) {
      return db.transaction(async (tx): Promise<SiwxNonceUseResult> => {
        // SQLite transactions are serialised already; on PostgreSQL concurrent uses by one client on
        // several nodes would each count the same rows without this lock (the id needs none: it is the key).
        if (db.dialect === 'postgres')
          await tx.all(`SELECT pg_advisory_xact_lock(${SIWX_NONCE_LOCK}, hashtext(?))`, [
            `${use.projectId}\n${use.client}`,
          ])
        await tx.run('DELETE FROM siwx_nonces_used WHERE keep_until <= ?', [now])
        const inserted = await tx.run(
          `INSERT INTO siwx_nonces_used (id, project_id, client_key, keep_until)
           SELECT ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM siwx_nonces_used WHERE project_id = ? AND client_key = ?) < ?
           ON CONFLICT (id) DO NOTHING`,
          [use.id, use.projectId, use.client, use.keepUntil, use.projectId, use.client, maxPerClient],
        )
        if (inserted > 0) return 'ok'
        const existing = await tx.all<{ id: string }>('SELECT id FROM siwx_nonces_used WHERE id = ?', [
          use.id,
        ])
        return existing.length > 0 ? 'used' : 'full'
      })
    },
  }
}
