import type { SqlDriver, SqlExecutor } from './driver.ts'
import type { SponsoredGasLedger, SponsoredGasResult } from './sponsoredGasRepository.ts'

/** The project total's row: no address is '*'. */
const PROJECT_TOTAL = '*'

/** Thrown inside the transaction to undo the sender's addition when the project's total is full. */
class ProjectFull extends Error {}

/**
 * Adds to one row unless it would pass `limit`; 1 when added. An upsert whose update has a WHERE: the
 * row is locked (PostgreSQL) or the write serialised (SQLite) while it is read and written.
 */
async function addWithin(
  tx: SqlExecutor,
  key: { projectId: string; chainId: number; sender: string; day: number },
  gwei: bigint,
  limit: bigint,
): Promise<boolean> {
  if (gwei > limit) return false
  const changed = await tx.run(
    `INSERT INTO sponsored_gas (project_id, chain_id, sender, day, gwei) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (project_id, chain_id, sender, day) DO UPDATE SET gwei = sponsored_gas.gwei + excluded.gwei
     WHERE sponsored_gas.gwei + excluded.gwei <= ?`,
    [key.projectId, key.chainId, key.sender, key.day, gwei, limit],
  )
  return changed > 0
}

export function sqlSponsoredGasMethods(db: SqlDriver): SponsoredGasLedger {
  return {
    async spendSponsoredGas(spend, { perSenderGwei, perProjectGwei }) {
      try {
        return await db.transaction(async (tx): Promise<SponsoredGasResult> => {
          await tx.run('DELETE FROM sponsored_gas WHERE day < ?', [spend.day - 1])
          if (!(await addWithin(tx, spend, spend.gwei, perSenderGwei))) return 'sender'
          if (!(await addWithin(tx, { ...spend, sender: PROJECT_TOTAL }, spend.gwei, perProjectGwei)))
            throw new ProjectFull()
          return 'ok'
        })
      } catch (err) {
        if (err instanceof ProjectFull) return 'project'
        throw err
      }
    },
    async sponsoredGasOfDay({ projectId, chainId, sender, day }) {
      const rows = await db.all<{ sender: string; gwei: number | string | bigint }>(
        'SELECT sender, gwei FROM sponsored_gas WHERE project_id = ? AND chain_id = ? AND day = ? AND sender IN (?, ?)',
        [projectId, chainId, day, sender, PROJECT_TOTAL],
      )
      const of = (who: string) => BigInt(rows.find((row) => row.sender === who)?.gwei ?? 0)
      return { sender: of(sender), project: of(PROJECT_TOTAL) }
    },
  }
}
