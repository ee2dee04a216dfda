import { describe, expect, it } from 'vitest'
import type { ChainHandle } from '../chain/clients.ts'
import type { ApiContext } from '../context.ts'
import type { ChainCursor, HistoryTx, Repository } from '../db/repository.ts'
import { cachedHistoryBody } from './cachedReads.ts'
import { createApiCaches } from './caches.ts'

const ACCOUNT = '0x00000000000000000000000000000000000000aa'

/** A history database of one chain whose cursor and rows the test moves by hand. */
function fakeIndex() {
  const state = { cursor: 10, pages: 0, rows: [] as HistoryTx[] }
  const cursor = (): ChainCursor => ({
    chainId: 31337,
    blockNumber: state.cursor,
    blockHash: `0x${state.cursor.toString(16).padStart(64, '0')}`,
    genesisHash: '0x00',
  })
  const repo = {
    getCursor: async () => cursor(),
    historyPage: async () => {
      state.pages++
      return state.rows
    },
    getTokens: async () => [],
    spamContracts: async () => new Set<string>(),
    getPrices: async () => new Map<string, number>(),
  } as unknown as Repository
  const caches = createApiCaches({ balanceTtlMs: 1, historyTtlMs: 60_000, maxEntries: 10, maxBytes: 1 << 20 })
  const ctx = {
    repo,
    caches,
    chains: new Map([[31337, { chainId: 31337 } as ChainHandle]]),
  } as unknown as ApiContext
  const tx = (block: number): HistoryTx =>
    ({
      chainId: 31337,
      txHash: `0x${block.toString(16).padStart(64, '0')}`,
      key: { minedAt: block, chainId: 31337, blockNumber: block, txIndex: 0 },
      transfers: [],
    }) as unknown as HistoryTx
  const page = async () =>
    JSON.parse(
      (await cachedHistoryBody(ctx, { account: ACCOUNT, pageSize: 20, currency: 'usd' })).toString(),
    ) as { data: unknown[] }
  return { state, caches, page, tx }
}

describe('history pages on a node that does not index', () => {
  it('are kept while the index is unchanged and read again once the indexer moved its cursor', async () => {
    const { state, caches, page, tx } = fakeIndex()
    caches.indexing = false
    state.rows = [tx(9)]
    expect((await page()).data).toHaveLength(1)
    expect((await page()).data).toHaveLength(1)
    expect(state.pages).toBe(1)
    // Another node indexes block 11 (no invalidation reaches this one).
    state.cursor = 11
    state.rows = [tx(11), tx(9)]
    expect((await page()).data).toHaveLength(2)
    expect(state.pages).toBe(2)
  })

  it('the indexing node keeps pages across cursor moves until the account is invalidated', async () => {
    const { state, caches, page, tx } = fakeIndex()
    caches.indexing = true
    state.rows = [tx(9)]
    await page()
    state.cursor = 11
    expect((await page()).data).toHaveLength(1)
    expect(state.pages).toBe(1)
    state.rows = [tx(11), tx(9)]
    caches.onIndexed([ACCOUNT])
    expect((await page()).data).toHaveLength(2)
  })
})
