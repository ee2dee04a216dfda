import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate } from '../src/db/migrations.ts'
import { type OnrampOrder, OnrampTxTakenError } from '../src/db/onrampRepository.ts'
import { createPostgresRepository } from '../src/db/postgres.ts'
import type { Repository } from '../src/db/repository.ts'
import { createSqliteRepository } from '../src/db/sqlite.ts'
import { openSqliteDriver } from '../src/db/sqliteDriver.ts'
import { sqlOnrampMethods } from '../src/db/sqlOnramp.ts'
import { decodePurchaseCursor, onrampHistoryPage } from '../src/onramp/history.ts'
import { NATIVE_ADDRESS } from '../src/tokens.ts'
import { tempDir } from './helpers.ts'

const pgUrl = process.env.PORTICO_TEST_DATABASE_URL
const BUYER = '0x1111111111111111111111111111111111111111'

const engines: [string, () => Promise<{ repo: Repository; cleanup(): Promise<void> }>][] = [
  [
    'SQLite',
    async () => {
      const dir = tempDir('portico-onramp-repo-')
      const repo = await createSqliteRepository(join(dir.dir, 'api.sqlite'))
      return { repo, cleanup: async () => dir.remove() }
    },
  ],
  ...(pgUrl
    ? [
        [
          'PostgreSQL',
          async () => {
            const schema = `portico_onramp_repo_${randomBytes(6).toString('hex')}`
            const repo = await createPostgresRepository({ url: pgUrl, schema })
            return {
              repo,
              cleanup: async () => {
                const client = new pg.Client({ connectionString: pgUrl })
                await client.connect()
                await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end())
              },
            }
          },
        ] as [string, () => Promise<{ repo: Repository; cleanup(): Promise<void> }>],
      ]
    : []),
]

const order = (n: number, over: Partial<OnrampOrder> = {}): OnrampOrder => ({
  id: `order${String(n).padStart(19, '0')}`,
  projectId: 'p',
  provider: 'portico-pay',
  address: BUYER,
  chainId: 31337,
  asset: 'eth',
  symbol: 'ETH',
  tokenAddress: NATIVE_ADDRESS,
  decimals: 18,
  fiatCurrency: 'USD',
  paymentMethod: 'card',
  fiatTotal: '100.00',
  fee: '1.50',
  networkFee: '0.50',
  cryptoAmount: String(10n ** 16n * BigInt(n + 1)),
  status: 'pending',
  txHash: null,
  deliveryNonce: null,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
  ...over,
})

describe.each(engines)('on-ramp orders on %s', (_name, open) => {
  let db: Awaited<ReturnType<(typeof engines)[number][1]>>
  beforeAll(async () => {
    db = await open()
    // 5 completed purchases (3 and 4 in the same second: then by id, newest id first), one still pending, one of another provider.
    for (let n = 0; n < 7; n++)
      await db.repo.createOnrampOrder(order(n, n === 6 ? { provider: 'demo-ramp' } : {}))
    for (let n = 0; n < 7; n++) {
      if (n === 5) continue
      const at = 1_700_000_100 + Math.min(n, 3)
      expect(await db.repo.transitionOnrampOrder(order(n).id, 'pending', 'processing', at)).toBe(true)
      expect(
        await db.repo.transitionOnrampOrder(
          order(n).id,
          'processing',
          'completed',
          at,
          `0x${String(n).repeat(64)}`,
        ),
      ).toBe(true)
    }
  })
  afterAll(async () => {
    await db?.repo.close()
    await db?.cleanup()
  })

  it('moves an order only from the state it is in, and one transaction pays one order', async () => {
    expect(await db.repo.transitionOnrampOrder(order(0).id, 'pending', 'processing', 1)).toBe(false)
    expect(await db.repo.transitionOnrampOrder(order(5).id, 'processing', 'completed', 1)).toBe(false)
    await db.repo.transitionOnrampOrder(order(5).id, 'pending', 'processing', 1)
    await expect(
      db.repo.transitionOnrampOrder(order(5).id, 'processing', 'completed', 1, `0x${'0'.repeat(64)}`),
    ).rejects.toThrow()
    expect((await db.repo.getOnrampOrder(order(5).id))?.status).toBe('processing')
  })

  it('pages completed purchases newest first with next, each exactly once', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 10; i++) {
      const page = await onrampHistoryPage(db.repo, {
        account: BUYER,
        provider: 'portico-pay',
        pageSize: 2,
        ...(cursor && { cursor }),
      })
      seen.push(...page.data.map((item) => item.metadata.hash))
      if (!page.next) break
      cursor = page.next
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0'].map((n) => `0x${n.repeat(64)}`))
    const other = await onrampHistoryPage(db.repo, { account: BUYER, provider: 'demo-ramp', pageSize: 2 })
    expect(other.data.map((item) => item.metadata.hash)).toEqual([`0x${'6'.repeat(64)}`])
    expect(
      await onrampHistoryPage(db.repo, {
        account: BUYER,
        provider: 'portico-pay',
        pageSize: 5,
        chainIds: [1],
      }),
    ).toEqual({
      data: [],
      next: null,
    })
  })

  it('refuses a cursor that is not one of its own', async () => {
    expect(decodePurchaseCursor('bm9wZQ')).toBeNull()
    await expect(
      onrampHistoryPage(db.repo, {
        account: BUYER,
        provider: 'portico-pay',
        pageSize: 2,
        cursor: "x' OR 1=1 --",
      }),
    ).rejects.toThrow(/Invalid cursor/)
  })

  it('records deliveries of a processing order at one nonce, after which it never returns to pending', async () => {
    const [a, b] = [order(7), order(8)]
    await db.repo.createOnrampOrder(a)
    await db.repo.createOnrampOrder(b)
    const h = (c: string) => `0x${c.repeat(64)}`
    expect(await db.repo.recordOnrampDelivery(a.id, h('a'), 5, 10)).toBe(false) // not claimed
    await db.repo.transitionOnrampOrder(a.id, 'pending', 'processing', 10)
    expect(await db.repo.recordOnrampDelivery(a.id, h('A'), 5, 11)).toBe(true)
    expect(await db.repo.recordOnrampDelivery(a.id, h('a'), 5, 11)).toBe(true) // the same again
    expect(await db.repo.recordOnrampDelivery(a.id, h('b'), 6, 12)).toBe(false) // another nonce
    expect(await db.repo.recordOnrampDelivery(a.id, h('b'), 5, 12)).toBe(true) // a replacement
    expect(await db.repo.transitionOnrampOrder(a.id, 'processing', 'pending', 13)).toBe(false)
    expect(await db.repo.getOnrampOrder(a.id)).toMatchObject({
      status: 'processing',
      deliveryNonce: 5,
      txHash: h('b'),
    })
    expect((await db.repo.onrampDeliveries(a.id)).map((d) => [d.txHash, d.nonce])).toEqual([
      [h('a'), 5],
      [h('b'), 5],
    ])
    expect((await db.repo.deliveringOnrampOrders(10)).map((o) => o.id)).toEqual([a.id])
    // A transaction of one order is never another's delivery.
    await db.repo.transitionOnrampOrder(b.id, 'pending', 'processing', 10)
    await expect(db.repo.recordOnrampDelivery(b.id, h('a'), 9, 14)).rejects.toBeInstanceOf(OnrampTxTakenError)
    expect(await db.repo.getOnrampOrder(b.id)).toMatchObject({ deliveryNonce: null, txHash: null })
    expect(await db.repo.transitionOnrampOrder(b.id, 'processing', 'pending', 14)).toBe(true)
    // Completed by one of its deliveries: no longer listed for reconciling.
    expect(await db.repo.transitionOnrampOrder(a.id, 'processing', 'completed', 15, h('a'))).toBe(true)
    expect(await db.repo.deliveringOnrampOrders(10)).toEqual([])
  })

  it('takes a request id once, and prunes ids whose window has closed', async () => {
    expect(await db.repo.useOnrampRequestId('r1', 100, 50)).toBe(true)
    expect(await db.repo.useOnrampRequestId('r1', 100, 60)).toBe(false)
    expect(await db.repo.useOnrampRequestId('r2', 400, 100)).toBe(true)
    expect(await db.repo.useOnrampRequestId('r1', 100, 100)).toBe(false) // still inside its window
    // Past r1's expiry the next call drops it (a signature that old is refused before this anyway).
    expect(await db.repo.useOnrampRequestId('r3', 500, 101)).toBe(true)
    expect(await db.repo.useOnrampRequestId('r1', 200, 101)).toBe(true)
    expect(await db.repo.useOnrampRequestId('r2', 400, 101)).toBe(false)
  })
})

describe('migration 7 (on-ramp deliveries, request ids)', () => {
  it('keeps existing orders, without a delivery', async () => {
    const dir = tempDir('portico-onramp-migration-')
    const driver = openSqliteDriver(join(dir.dir, 'api.sqlite'))
    try {
      await migrate(
        driver,
        MIGRATIONS.filter((m) => m.version < 7),
      )
      await driver.run(
        `INSERT INTO onramp_orders (id, project_id, provider, address, chain_id, asset, symbol, token_address,
           decimals, fiat_currency, payment_method, fiat_total, fee, network_fee, crypto_amount, status, tx_hash,
           created_at, updated_at)
         VALUES ('${order(1).id}', 'p', 'portico-pay', '${BUYER}', 31337, 'eth', 'ETH', '${NATIVE_ADDRESS}', 18,
           'USD', 'card', '100.00', '1.50', '0.50', '1', 'processing', NULL, 1, 1)`,
      )
      expect(
        await migrate(
          driver,
          MIGRATIONS.filter((m) => m.version <= 7),
        ),
      ).toEqual([7])
      const store = sqlOnrampMethods(driver)
      expect(await store.getOnrampOrder(order(1).id)).toMatchObject({
        status: 'processing',
        deliveryNonce: null,
      })
      expect(await store.transitionOnrampOrder(order(1).id, 'processing', 'pending', 2)).toBe(true)
      expect(await store.useOnrampRequestId('x', 10, 1)).toBe(true)
    } finally {
      await driver.close()
      dir.remove()
    }
  })
})
