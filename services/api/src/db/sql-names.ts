import type { SqlDriver } from './driver.ts'
import type { NameRegistry, RegisteredName } from './names-repository.ts'
import { lower, type Num } from './sql-rows.ts'

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

/** Names over either SQL engine: one INSERT … SELECT decides uniqueness and the per-address cap. */
export function sqlNameMethods(db: SqlDriver): NameRegistry {
  return {
    async registerName(n, maxPerAddress) {
      const changed = await db.run(
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
      return changed > 0
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
