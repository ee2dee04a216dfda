/**
 * The API's answer caches (balances per chain, history pages) and how the indexer keeps them true:
 * after storing blocks it drops the answers of every account those blocks touched (sender, recipient,
 * transfer parties); a reorg or a new indexing term drops everything.
 */
import type { ApiConfig } from '../config.ts'
import { type AccountCache, createAccountCache } from './accountCache.ts'

/**
 * One chain's balances of an account, read when the chain's head was `block` (or later), kept as their
 * serialised JSON items (jsonBody.ts balanceItems).
 */
export interface BalanceEntry {
  block: number
  items: Buffer
}

export interface ApiCaches {
  /** null when turned off (ttl 0, no entries or no bytes). */
  balances: AccountCache<BalanceEntry> | null
  /** History pages as the JSON bodies sent. */
  history: AccountCache<Buffer> | null
  /**
   * Whether this node's indexer is the one writing, so its invalidations cover every block it
   * reports indexed. A standby node (another node indexes) keys history pages by the state of the
   * index (indexState.ts) and keeps a
   * balance only while the chain's head does not move.
   */
  indexing: boolean
  /** The indexer stored blocks touching these accounts (lower-case 0x addresses). */
  onIndexed(accounts: Iterable<string>): void
  /** The index changed in a way invalidation by account does not describe (reorg, new term). */
  clear(): void
}

export function createApiCaches(config: ApiConfig['cache'], now: () => number = Date.now): ApiCaches {
  const make = <T>(ttlMs: number, weigh: (value: T) => number) =>
    ttlMs > 0 && config.maxEntries > 0 && config.maxBytes > 0
      ? createAccountCache<T>({ ttlMs, maxEntries: config.maxEntries, maxBytes: config.maxBytes, weigh }, now)
      : null
  const balances = make<BalanceEntry>(config.balanceTtlMs, (e) => e.items.length)
  const history = make<Buffer>(config.historyTtlMs, (body) => body.length)
  return {
    balances,
    history,
    indexing: false,
    onIndexed(accounts) {
      const list = [...accounts]
      balances?.invalidate(list)
      history?.invalidate(list)
    },
    clear() {
      balances?.clear()
      history?.clear()
    },
  }
}

/** Every account a stored block range touched: each transaction's sender and recipient, each transfer's parties. */
export function touchedAccounts(
  transactions: Iterable<{ from: string; to: string | null }>,
  transfers: Iterable<{ from: string; to: string }>,
): Set<string> {
  const out = new Set<string>()
  for (const tx of transactions) {
    out.add(tx.from.toLowerCase())
    if (tx.to) out.add(tx.to.toLowerCase())
  }
  for (const t of transfers) {
    out.add(t.from.toLowerCase())
    out.add(t.to.toLowerCase())
  }
  return out
}
