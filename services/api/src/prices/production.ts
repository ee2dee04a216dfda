import type { PriceOptions } from './options.ts'

/**
 * What about prices is dev data, for the production start-up check: fixed prices from the dev
 * fixtures, and the devnet's feeds (anyone may post a round to them).
 */
export function priceProductionProblems(config: { prices: Pick<PriceOptions, 'feeds' | 'fixed'> }): string[] {
  const problems: string[] = []
  const { fixed, feeds } = config.prices
  if (fixed.length > 0)
    problems.push(
      `fixed prices from the dev fixtures are in use (${fixed.length}, e.g. chain ${fixed[0]?.chainId} ` +
        `${fixed[0]?.address} = ${fixed[0]?.price} USD): configure PORTICO_TOKENS so the devnet fixtures ` +
        'are not loaded, and price tokens with PORTICO_PRICE_FEEDS',
    )
  const devFeeds = feeds.filter((f) => f.origin === 'fixtures')
  if (devFeeds.length > 0)
    problems.push(
      `price feeds of the devnet fixtures are in use (${devFeeds.map((f) => `${f.chainId}:${f.feed}`).join(', ')}): ` +
        'anyone may post a round to them; set PORTICO_PRICE_FEEDS to real feeds',
    )
  return problems
}
