import type { ChainHandle } from '../chain/clients.ts'
import type { Repository } from '../db/repository.ts'
import { type FeedReading, readFeeds } from './feedReader.ts'
import type { PriceOptions } from './options.ts'

export interface FeedPriceLog {
  warn(obj: object, msg: string): void
}

/**
 * The repository with getPrices answering from the configured feeds first: a token with a feed has
 * the feed's checked price or none (a stale or broken feed never falls back to a stored price);
 * other tokens keep the stored price (listed tokens only, as the repository answers). Feed readings
 * are reused for `cacheMs` per chain, and concurrent readers share one reading. Feeds price in USD:
 * another currency gets stored prices only.
 */
export function withFeedPrices(
  repo: Repository,
  chains: Map<number, ChainHandle>,
  options: Pick<PriceOptions, 'feeds' | 'cacheMs'>,
  log: FeedPriceLog,
  now: () => number = Date.now,
): Repository {
  if (options.feeds.length === 0) return repo
  const readings = new Map<number, { at: number; pending: Promise<FeedReading[]> }>()
  const chainFeeds = (chainId: number) => options.feeds.filter((f) => f.chainId === chainId)

  const read = (chainId: number, handle: ChainHandle): Promise<FeedReading[]> => {
    const cached = readings.get(chainId)
    if (cached && now() - cached.at < options.cacheMs) return cached.pending
    const pending = readFeeds(handle.client, chainFeeds(chainId), now() / 1000).then((result) => {
      for (const { feed, result: r } of result)
        if ('problem' in r)
          log.warn({ chainId, token: feed.token, feed: feed.feed, problem: r.problem }, 'price feed refused')
      return result
    })
    readings.set(chainId, { at: now(), pending })
    return pending
  }

  return {
    ...repo,
    async getPrices(chainId, addresses, currency) {
      const stored = await repo.getPrices(chainId, addresses, currency)
      const handle = chains.get(chainId)
      const wanted = new Set(addresses.map((a) => a.toLowerCase()))
      const feeds = chainFeeds(chainId).filter((f) => wanted.has(f.token))
      if (feeds.length === 0 || currency.toLowerCase() !== 'usd') return stored
      for (const f of feeds) stored.delete(f.token)
      if (!handle) return stored
      for (const { feed, result } of await read(chainId, handle))
        if (wanted.has(feed.token) && 'price' in result) stored.set(feed.token, result.price)
      return stored
    },
  }
}
