/**
 * Balance and history answers through the caches (./caches.ts). A balance kept at head H is served
 * while the chain's head is still H, or, when this node's indexer has indexed every block up to the
 * current head and none of them touched the account, still served (and now known true at the new
 * head). Anything else reads the chain again, as does a request with forceUpdate. History comes from the indexer's database, so a kept
 * page is true until the indexer stores a block touching the account.
 */
import type { HistoryResponse, TokenBalance } from '@portico/shared-types'
import { type BalanceQuery, readChainBalances } from '../balances.ts'
import type { ChainHandle } from '../chain/clients.ts'
import type { ApiContext } from '../context.ts'
import { type HistoryQuery, historyPage } from '../history/service.ts'
import { freshHead } from './head.ts'

export async function cachedChainBalances(
  ctx: ApiContext,
  handle: ChainHandle,
  query: BalanceQuery,
): Promise<TokenBalance[]> {
  const cache = ctx.caches.balances
  // forceUpdate names tokens to look up (a bounded number per request): always read afresh.
  if (!cache || query.force.length > 0) return readChainBalances(ctx.repo, handle, query)
  const account = query.address.toLowerCase()
  const key = `${handle.chainId}|${account}|${query.currency}`
  const head = await freshHead(handle)
  const kept = cache.get(key)
  if (kept) {
    if (kept.block === head) return kept.balances
    const indexed = ctx.indexerStatus().find((s) => s.chainId === handle.chainId)?.indexedBlock ?? -1
    if (ctx.caches.indexing && kept.block < head && indexed >= head) {
      kept.block = head
      return kept.balances
    }
  }
  const entry = await cache.load(
    key,
    account,
    async () => ({ block: head, balances: await readChainBalances(ctx.repo, handle, query) }),
    { flight: `${key}@${head}`, refresh: kept !== undefined },
  )
  return entry.balances
}

export function cachedHistoryPage(ctx: ApiContext, q: HistoryQuery): Promise<HistoryResponse> {
  const cache = ctx.caches.history
  if (!cache || !ctx.caches.indexing) return historyPage(ctx.repo, ctx.chains, q)
  const account = q.account.toLowerCase()
  const before = q.before
    ? `${q.before.minedAt}.${q.before.chainId}.${q.before.blockNumber}.${q.before.txIndex}`
    : ''
  const chains = q.chainIds ? [...q.chainIds].sort((a, b) => a - b).join(',') : '*'
  const key = `${account}|${chains}|${before}|${q.pageSize}|${q.currency}`
  return cache.load(key, account, () => historyPage(ctx.repo, ctx.chains, q))
}
