import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/helpers.ts'
import { MIGRATIONS, migrate } from './migrations.ts'
import { openSqliteDriver } from './sqliteDriver.ts'

const dirs: ReturnType<typeof tempDir>[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove()
})

describe('migration 4', () => {
  it('drops the rows random addresses left in the token table, keeping listed and real tokens', async () => {
    const dir = tempDir('portico-api-migration-')
    dirs.push(dir)
    const db = openSqliteDriver(join(dir.dir, 'api.sqlite'))
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 4),
      )
      const insert = (address: string, listed: number, symbol: string | null) =>
        db.run(
          'INSERT INTO tokens (chain_id, address, kind, name, symbol, decimals, icon_url, listed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [31337, address, 'erc20', symbol, symbol, symbol === null ? null : 18, null, listed],
        )
      await insert('0x01', 0, null) // left by fungible/price for a random address
      await insert('0x02', 1, null) // a listed token whose metadata is not read yet
      await insert('0x03', 0, 'TKN') // a real token learned from history
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 4),
        ),
      ).toEqual([4])
      const rows = await db.all<{ address: string }>('SELECT address FROM tokens ORDER BY address')
      expect(rows.map((r) => r.address)).toEqual(['0x02', '0x03'])
    } finally {
      await db.close()
    }
  })
})
