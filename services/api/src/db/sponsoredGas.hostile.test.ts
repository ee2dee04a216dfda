/**
 * The sponsor's daily budgets live in the database: requests signing at once (on one API node, or on
 * several sharing a PostgreSQL database) must never together sign past a budget.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/helpers.ts'
import { createPostgresRepository } from './postgres.ts'
import type { Repository } from './repository.ts'
import { createSqliteRepository } from './sqlite.ts'

const LIMITS = { perSenderGwei: 10n, perProjectGwei: 25n }
const spend = (sender: string, gwei = 1n, day = 20_000) => ({
  projectId: 'p',
  chainId: 31337,
  sender,
  day,
  gwei,
})

function describeLedger(
  engine: string,
  open: () => Promise<{ nodes: [Repository, Repository]; destroy(): Promise<void> }>,
) {
  describe(`sponsored gas budgets on ${engine}`, () => {
    let nodes: [Repository, Repository]
    let destroy: () => Promise<void>
    beforeAll(async () => {
      ;({ nodes, destroy } = await open())
    })
    afterAll(async () => {
      await Promise.all(nodes?.map((node) => node.close()) ?? [])
      await destroy?.()
    })

    it('counts a sender to its limit across both nodes, concurrently, and not one gwei past it', async () => {
      const [a, b] = nodes
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).spendSponsoredGas(spend('0xaa'), LIMITS)),
      )
      expect(results.filter((r) => r === 'ok')).toHaveLength(10)
      expect(results.filter((r) => r === 'sender')).toHaveLength(6)
      expect(
        await b.sponsoredGasOfDay({ projectId: 'p', chainId: 31337, sender: '0xaa', day: 20_000 }),
      ).toEqual({
        sender: 10n,
        project: 10n,
      })
    })

    it('stops every sender at the project’s limit, and a refusal counts nothing', async () => {
      const [a, b] = nodes
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).spendSponsoredGas(spend(`0xb${i % 3}`), LIMITS)),
      )
      // 25 for the project, 10 of them already spent by 0xaa.
      expect(results.filter((r) => r === 'ok')).toHaveLength(15)
      expect(results.filter((r) => r === 'project')).toHaveLength(15)
      const of = (sender: string) =>
        a.sponsoredGasOfDay({ projectId: 'p', chainId: 31337, sender, day: 20_000 })
      const senders = await Promise.all(['0xb0', '0xb1', '0xb2'].map(of))
      expect(senders.reduce((sum, s) => sum + s.sender, 0n)).toBe(15n)
      expect(senders[0]?.project).toBe(25n)
      // One operation larger than a budget is refused whole.
      expect(await a.spendSponsoredGas(spend('0xcc', 11n, 20_001), LIMITS)).toBe('sender')
    })

    it('gives each UTC day, chain and project its own budgets, and forgets days before yesterday', async () => {
      const [a] = nodes
      expect(await a.spendSponsoredGas(spend('0xaa', 10n, 20_001), LIMITS)).toBe('ok')
      expect(await a.spendSponsoredGas({ ...spend('0xaa', 10n), chainId: 31338 }, LIMITS)).toBe('ok')
      expect(await a.spendSponsoredGas({ ...spend('0xaa', 10n), projectId: 'q' }, LIMITS)).toBe('ok')
      expect(await a.spendSponsoredGas(spend('0xdd', 1n, 20_003), LIMITS)).toBe('ok')
      expect(
        await a.sponsoredGasOfDay({ projectId: 'p', chainId: 31337, sender: '0xaa', day: 20_000 }),
      ).toEqual({
        sender: 0n,
        project: 0n,
      })
    })
  })
}

// SQLite serves one API node (db/sqliteLock.ts): its "two nodes" are one repository used concurrently.
describeLedger('SQLite', async () => {
  const dir = tempDir('portico-api-sponsored-')
  const repo = await createSqliteRepository(join(dir.dir, 'api.sqlite'))
  const shared = { ...repo, close: async () => {} }
  return {
    nodes: [repo, shared],
    destroy: async () => dir.remove(),
  }
})

const url = process.env.PORTICO_TEST_DATABASE_URL
if (url) {
  describeLedger('PostgreSQL (two pools)', async () => {
    const schema = `portico_test_${randomBytes(6).toString('hex')}`
    const first = await createPostgresRepository({ url, schema })
    return {
      nodes: [first, await createPostgresRepository({ url, schema })],
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
  describe('sponsored gas budgets on PostgreSQL', () => {
    it.skip('skipped: PORTICO_TEST_DATABASE_URL is not set (services/api/scripts/pg-test-setup.sh)', () => {})
  })
}
