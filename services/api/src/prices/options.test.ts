import { describe, expect, it } from 'vitest'
import {
  FIXTURE_FEED_HEARTBEAT_S,
  parsePriceFeeds,
  priceOptionsFromEnv,
  resolvePriceOptions,
} from './options.ts'
import { priceProductionProblems } from './production.ts'

const FEED = '0x1111111111111111111111111111111111111111'
const TOKEN = '0x2222222222222222222222222222222222222222'

describe('price options', () => {
  it('PORTICO_PRICE_FEEDS lists feeds per chain and token, native by name', () => {
    expect(
      parsePriceFeeds(`1:native=${FEED}@3600, 10:${TOKEN.toUpperCase().replace('0X', '0x')}=${FEED}@86400`),
    ).toEqual([
      {
        chainId: 1,
        token: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        feed: FEED,
        heartbeatSeconds: 3600,
        origin: 'config',
      },
      { chainId: 10, token: TOKEN, feed: FEED, heartbeatSeconds: 86400, origin: 'config' },
    ])
    expect(() => parsePriceFeeds(`1:native=${FEED}`)).toThrow(/PORTICO_PRICE_FEEDS: expected/)
    expect(() => parsePriceFeeds(`1:native=${FEED}@0`)).toThrow(/PORTICO_PRICE_FEEDS: expected/)
    expect(() => parsePriceFeeds(`1:native=${FEED}@60,1:native=${FEED}@60`)).toThrow(/two feeds for 1:0xeee/)
    expect(() => priceOptionsFromEnv({ PORTICO_PRICE_CACHE_MS: '-1' })).toThrow(/PORTICO_PRICE_CACHE_MS/)
  })

  it('fixtures bring the devnet feeds (a long heartbeat) and fixed prices; configured feeds win', () => {
    const options = resolvePriceOptions(
      { feeds: parsePriceFeeds(`31337:native=${FEED}@60`) },
      {
        '31337': { tokens: { PTT: TOKEN }, feeds: { ETH: TOKEN }, prices: { PTT: 1.25, NOPE: 9 } },
        '31338': { tokens: { PTT: TOKEN }, feeds: { ETH: FEED } },
      },
    )
    expect(options.feeds.map((f) => [f.chainId, f.feed, f.heartbeatSeconds, f.origin])).toEqual([
      [31337, FEED, 60, 'config'],
      [31338, FEED, FIXTURE_FEED_HEARTBEAT_S, 'fixtures'],
    ])
    expect(options.fixed).toEqual([{ chainId: 31337, address: TOKEN, price: 1.25 }])
  })

  it('priceProductionProblems names fixture prices and devnet feeds, nothing for configured feeds', () => {
    const dev = resolvePriceOptions(
      {},
      { '31337': { tokens: { PTT: TOKEN }, feeds: { ETH: FEED }, prices: { PTT: 1.25 } } },
    )
    const problems = priceProductionProblems({ prices: dev })
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^fixed prices from the dev fixtures are in use/)
    expect(problems[1]).toMatch(/^price feeds of the devnet fixtures are in use \(31337:0x1111/)
    expect(
      priceProductionProblems({
        prices: resolvePriceOptions({ feeds: parsePriceFeeds(`1:native=${FEED}@3600`) }),
      }),
    ).toEqual([])
  })
})
