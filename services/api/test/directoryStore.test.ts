import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DirectoryImageRecord, DirectoryWalletRecord } from '../src/db/directoryRepository.ts'
import { createPostgresRepository } from '../src/db/postgres.ts'
import type { Repository } from '../src/db/repository.ts'
import { createSqliteRepository } from '../src/db/sqlite.ts'
import { tempDir } from './helpers.ts'

const wallet = (
  id: string,
  order: number,
  over: Partial<DirectoryWalletRecord> = {},
): DirectoryWalletRecord => ({
  id,
  name: `Wallet ${id}`,
  homepage: `https://${id}.example`,
  imageId: `img-${id}`,
  order,
  rdns: null,
  mobileLink: `${id}://`,
  desktopLink: null,
  webappLink: null,
  chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  badgeType: 'none',
  ...over,
})
const image: DirectoryImageRecord = {
  id: 'img-a',
  contentType: 'image/png',
  body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 1]),
}

function describeStore(engine: string, open: () => Promise<{ repo: Repository; destroy(): Promise<void> }>) {
  describe(`the imported wallet directory on ${engine}`, () => {
    let repo: Repository
    let destroy: () => Promise<void>
    beforeAll(async () => {
      ;({ repo, destroy } = await open())
    })
    afterAll(async () => {
      await repo?.close()
      await destroy?.()
    })

    it('stores wallets in their order with their images, byte for byte', async () => {
      const b = wallet('b', 2, { rdns: 'com.b', badgeType: 'certified', chains: [] })
      await repo.replaceDirectory([wallet('a', 1), b], [image], 1_700_000_000)
      expect(await repo.directoryWallets()).toEqual([wallet('a', 1), b])
      expect(await repo.directoryImages()).toEqual([image])
    })

    it('an import replaces the whole directory; a failing one leaves the previous one whole', async () => {
      await repo.replaceDirectory([wallet('c', 1)], [], 1_700_000_001)
      expect((await repo.directoryWallets()).map((w) => w.id)).toEqual(['c'])
      expect(await repo.directoryImages()).toEqual([])
      // The same id twice breaks the primary key half-way: the transaction rolls back.
      await expect(
        repo.replaceDirectory([wallet('d', 1), wallet('d', 2)], [], 1_700_000_002),
      ).rejects.toThrow()
      expect((await repo.directoryWallets()).map((w) => w.id)).toEqual(['c'])
    })
  })
}

describeStore('SQLite', async () => {
  const dir = tempDir('portico-directory-store-')
  const repo = await createSqliteRepository(join(dir.dir, 'api.sqlite'))
  return { repo, destroy: async () => dir.remove() }
})

const url = process.env.PORTICO_TEST_DATABASE_URL
if (url)
  describeStore('PostgreSQL', async () => {
    const schema = `portico_test_${randomBytes(6).toString('hex')}`
    const repo = await createPostgresRepository({ url, schema })
    return {
      repo,
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
