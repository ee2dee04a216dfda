import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegisteredName } from '../src/db/namesRepository.ts'
import { createPostgresRepository } from '../src/db/postgres.ts'
import type { Repository } from '../src/db/repository.ts'
import { createSqliteRepository } from '../src/db/sqlite.ts'
import { tempDir } from './helpers.ts'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const name = (n: string, address = A, createdAt = 1): RegisteredName => ({
  name: n,
  address,
  avatar: null,
  attributes: { bio: n },
  createdAt,
  coinType: 2147514985,
})

function describeNames(engine: string, open: () => Promise<{ repo: Repository; destroy(): Promise<void> }>) {
  describe(`names on ${engine}`, () => {
    let repo: Repository
    let destroy: () => Promise<void>
    beforeAll(async () => {
      ;({ repo, destroy } = await open())
    })
    afterAll(async () => {
      await repo?.close()
      await destroy?.()
    })

    it('registers a name once: another owner, or another letter case, is refused', async () => {
      expect(await repo.registerName(name('first.reown.id'), 10)).toBe(true)
      expect(await repo.registerName(name('first.reown.id', B, 2), 10)).toBe(false)
      expect(await repo.registerName(name('FIRST.reown.id', B, 2), 10)).toBe(false)
      expect(await repo.getName('First.Reown.ID')).toEqual({ ...name('first.reown.id'), address: A })
    })

    it('lists an address’s names newest first and answers which names are taken', async () => {
      await repo.registerName(name('second.reown.id', A.toUpperCase().replace('0X', '0x'), 5), 10)
      expect((await repo.namesOf(A, 10)).map((n) => n.name)).toEqual(['second.reown.id', 'first.reown.id'])
      expect((await repo.namesOf(A, 1)).map((n) => n.name)).toEqual(['second.reown.id'])
      expect(await repo.latestName(A)).toMatchObject({ name: 'second.reown.id' })
      expect(await repo.takenNames(['first.reown.id', 'free.reown.id', 'SECOND.reown.id'])).toEqual(
        new Set(['first.reown.id', 'second.reown.id']),
      )
      expect(await repo.takenNames([])).toEqual(new Set())
    })

    it('caps the names of one address inside the insert', async () => {
      expect(await repo.registerName(name('capped-1.reown.id', B), 2)).toBe(true)
      expect(await repo.registerName(name('capped-2.reown.id', B), 2)).toBe(true)
      expect(await repo.registerName(name('capped-3.reown.id', B), 2)).toBe(false)
      expect(await repo.getName('capped-3.reown.id')).toBeNull()
    })
  })
}

describeNames('SQLite', async () => {
  const dir = tempDir('portico-api-names-')
  return {
    repo: await createSqliteRepository(join(dir.dir, 'api.sqlite')),
    destroy: async () => dir.remove(),
  }
})

const url = process.env.PORTICO_TEST_DATABASE_URL
if (url) {
  describeNames('PostgreSQL', async () => {
    const schema = `portico_test_${randomBytes(6).toString('hex')}`
    return {
      repo: await createPostgresRepository({ url, schema }),
      destroy: async () => {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        } finally {
          await client.end()
        }
      },
    }
  })
} else {
  describe('names on PostgreSQL', () => {
    it.skip('skipped: PORTICO_TEST_DATABASE_URL is not set (services/api/scripts/pg-test-setup.sh)', () => {})
  })
}
