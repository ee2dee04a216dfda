/**
 * Balance and history answers through the caches (./caches.ts). A balance kept at head H is served
 * while the chain's head is still H, or, when this node's indexer has indexed every block up to the
 * current head and none of them touched the account, still served (and now known true at the new
 * head). Anything else reads the chain again, as does a request with forceUpdate. History comes from
 * the indexer's database, so a kept page is true until the indexer stores a block touching the account;
 * a node that does not index keeps pages per state of the index (indexState.ts) instead.
 * Both are kept serialised (jsonBody.ts): an answer from the cache costs no JSON work.
 */
import { type BalanceQuery, readChainBalances } from '../balances.ts'
import type { ChainHandle } from '../chain/clients.ts'
import type { ApiContext } from '../context.ts'
import { type HistoryQuery, historyPage } from '../history/service.ts'
import { freshHead } from './head.ts'
import { indexState } from './indexState.ts'
import { balanceItems, jsonBody } from './jsonBody.ts'

/** One chain's balances of the account as JSON items (jsonBody.ts balanceItems). */
export async function cachedChainBalances(
  ctx: ApiContext,
  handle: ChainHandle,
  query: BalanceQuery,
): Promise<Buffer> {
  const cache = ctx.caches.balances
  const read = async () => balanceItems(await readChainBalances(ctx.repo, handle, query))
  // forceUpdate names tokens to look up (a bounded number per request): always read afresh.
  if (!cache || query.force.length > 0) return read()
  const account = query.address.toLowerCase()
  const key = `${handle.chainId}|${account}|${query.currency}`
  const head = await freshHead(handle)
  const kept = cache.get(key)
  if (kept) {
    if (kept.block === head) return kept.items
    const indexed = ctx.indexerStatus().find((s) => s.chainId === handle.chainId)?.indexedBlock ?? -1
    if (ctx.caches.indexing && kept.block < head && indexed >= head) {
      kept.block = head
      return kept.items
    }
  }
  const entry = await cache.load(key, account, async () => ({ block: head, items: await read() }), {
    flight: `${key}@${head}`,
    refresh: kept !== undefined,
  })
  return entry.items
}

/** One history page as its JSON body. */
export async function cachedHistoryBody(ctx: ApiContext, q: HistoryQuery): Promise<Buffer> {
  const cache = ctx.caches.history
  const read = async () => jsonBody(await historyPage(ctx.repo, ctx.chains, q))
  if (!cache) return read()
  const account = q.account.toLowerCase()
  const before = q.before
    ? `${q.before.minedAt}.${q.before.chainId}.${q.before.blockNumber}.${q.before.txIndex}`
    : ''
  const chains = q.chainIds ? [...q.chainIds].sort((a, b) => a - b).join(',') : '*'
  const key = `${account}|${chains}|${before}|${q.pageSize}|${q.currency}`
  if (ctx.caches.indexing) return cache.load(key, account, read)
  // No invalidations reach this node: a page is kept for the state of the index it was read at.
  const state = await indexState(ctx.repo, [...ctx.chains.keys()])
  return cache.load(`${state}#${key}`, account, read)
}
