import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/helpers.ts'
import { MIGRATIONS, migrate } from './migrations.ts'
import { openSqliteDriver } from './sqliteDriver.ts'
import { sqlNameMethods } from './sqlNames.ts'

describe('migration 5', () => {
  it('adds the coin type to names; names stored before it read with none', async () => {
    const dir = tempDir('portico-api-migration5-')
    const db = openSqliteDriver(join(dir.dir, 'api.sqlite'))
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 5),
      )
      await db.run(
        "INSERT INTO names (name, address, avatar, attributes, created_at) VALUES ('old-name.reown.id', '0xabc', NULL, '{\"bio\":1}', 7)",
      )
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 5),
        ),
      ).toEqual([5])
      expect(await sqlNameMethods(db).getName('old-name.reown.id')).toEqual({
        name: 'old-name.reown.id',
        address: '0xabc',
        avatar: null,
        attributes: {},
        createdAt: 7,
        coinType: null,
      })
    } finally {
      await db.close()
      dir.remove()
    }
  })
})
