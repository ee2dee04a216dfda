import type { SqlDriver, SqlExecutor } from './driver.ts'
import type { NameRegistration, NameRegistry, RegisteredName } from './namesRepository.ts'
import { lower, type Num } from './sqlRows.ts'

interface NameRow {
  name: string
  address: string
  avatar: string | null
  attributes: string
  created_at: Num
  coin_type: Num | null
}

function parseAttributes(raw: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >
  } catch {
    return {}
  }
}

const fromRow = (r: NameRow): RegisteredName => ({
  name: r.name,
  address: r.address,
  avatar: r.avatar,
  attributes: parseAttributes(r.attributes),
  createdAt: Number(r.created_at),
  coinType: r.coin_type === null ? null : Number(r.coin_type),
})

/** The insert that decides uniqueness and the per-address cap; the number of rows stored (0 or 1). */
function insertName(db: SqlExecutor, n: RegisteredName, maxPerAddress: number): Promise<number> {
  return db.run(
    `INSERT INTO names (name, address, avatar, attributes, created_at, coin_type)
     SELECT ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM names WHERE address = ?) < ?
     ON CONFLICT (name) DO NOTHING`,
    [
      lower(n.name),
      lower(n.address),
      n.avatar,
      JSON.stringify(n.attributes),
      n.createdAt,
      n.coinType,
      lower(n.address),
      maxPerAddress,
    ],
  )
}

/** PostgreSQL advisory lock serialising name registrations across API nodes (4180 is migrations'). */
const NAME_REGISTRATION_LOCK = 4181

/** Names over either SQL engine: one INSERT … SELECT decides uniqueness and the per-address cap. */
export function sqlNameMethods(db: SqlDriver): NameRegistry {
  return {
    async registerName(n, maxPerAddress) {
      return (await insertName(db, n, maxPerAddress)) > 0
    },

    registerNameWithin(n, { maxPerAddress, budget }) {
      return db.transaction(async (tx): Promise<NameRegistration> => {
        // SQLite transactions are serialised already (one writer, BEGIN IMMEDIATE); on PostgreSQL
        // concurrent registrations on any node would each count the same rows without this lock.
        if (db.dialect === 'postgres') await tx.all(`SELECT pg_advisory_xact_lock(${NAME_REGISTRATION_LOCK})`)
        const since = n.createdAt - budget.windowSeconds
        // Client addresses are kept no longer than the window needs them.
        await tx.run('DELETE FROM name_registrations WHERE created_at <= ?', [since])
        const recent = async (column: 'client_key' | 'project_id', value: string) => {
          const rows = await tx.all<{ n: Num }>(
            `SELECT COUNT(*) AS n FROM name_registrations WHERE ${column} = ? AND created_at > ?`,
            [value, since],
          )
          return Number(rows[0]?.n ?? 0)
        }
        if ((await recent('client_key', budget.client)) >= budget.perClient) return 'clientBudget'
        if ((await recent('project_id', budget.projectId)) >= budget.perProject) return 'projectBudget'
        if ((await insertName(tx, n, maxPerAddress)) === 0) {
          const existing = await tx.all<{ name: string }>('SELECT name FROM names WHERE name = ?', [
            lower(n.name),
          ])
          return existing.length > 0 ? 'taken' : 'addressFull'
        }
        await tx.run('INSERT INTO name_registrations (client_key, project_id, created_at) VALUES (?, ?, ?)', [
          budget.client,
          budget.projectId,
          n.createdAt,
        ])
        return 'stored'
      })
    },

    async getName(name) {
      const rows = await db.all<NameRow>('SELECT * FROM names WHERE name = ?', [lower(name)])
      return rows[0] ? fromRow(rows[0]) : null
    },

    async namesOf(address, limit) {
      const rows = await db.all<NameRow>(
        'SELECT * FROM names WHERE address = ? ORDER BY created_at DESC, name DESC LIMIT ?',
        [lower(address), limit],
      )
      return rows.map(fromRow)
    },

    async takenNames(names) {
      if (names.length === 0) return new Set()
      const unique = [...new Set(names.map(lower))].slice(0, 50)
      const rows = await db.all<{ name: string }>(
        `SELECT name FROM names WHERE name IN (${unique.map(() => '?').join(', ')})`,
        unique,
      )
      return new Set(rows.map((r) => r.name))
    },
  }
}
