/**
 * Where prices come from, per chain and token: an on-chain feed (Chainlink AggregatorV3Interface, in
 * USD) checked against its heartbeat, else a fixed price the dev fixtures bring (never in production).
 */
import type { FixturesInput } from '../config.ts'
import { NATIVE_ADDRESS as NATIVE } from '../tokens.ts'

export interface PriceFeed {
  chainId: number
  /** Lower-case token address; the native token is 0xeeee…eeee. */
  token: string
  feed: `0x${string}`
  /** A round older than this is stale: no price. */
  heartbeatSeconds: number
  /** 'fixtures': the devnet's feed, which anyone may post to (dev only). */
  origin: 'config' | 'fixtures'
}

export interface FixedPrice {
  chainId: number
  address: string
  price: number
}

export interface PriceOptions {
  /** USD feeds; a token with a feed is priced by it alone (a refused round means no price). */
  feeds: PriceFeed[]
  /** Fixed USD prices seeded into the price table (no overwrite): dev fixtures only. */
  fixed: FixedPrice[]
  /** How long a feed reading is reused (a balance read asks for every token at once). */
  cacheMs: number
}

/** The devnet's feeds never move: a year, so a long-running dev stack keeps its prices. */
export const FIXTURE_FEED_HEARTBEAT_S = 365 * 86_400
const DEFAULT_CACHE_MS = 10_000

/** A fixture asset name → its address on the chain: the native symbol, else a fixture token. */
function assetAddress(label: string, fixture: FixturesInput[string]): string | undefined {
  if (label === 'ETH') return NATIVE
  return fixture.tokens?.[label]?.toLowerCase()
}

export function resolvePriceOptions(
  input: Partial<PriceOptions> = {},
  fixtures: FixturesInput = {},
): PriceOptions {
  const feeds = [...(input.feeds ?? [])]
  const fixed = [...(input.fixed ?? [])]
  for (const [chain, fixture] of Object.entries(fixtures)) {
    const chainId = Number(chain)
    for (const [label, feed] of Object.entries(fixture.feeds ?? {})) {
      const token = assetAddress(label, fixture)
      if (token && !feeds.some((f) => f.chainId === chainId && f.token === token))
        feeds.push({
          chainId,
          token,
          feed: feed as `0x${string}`,
          heartbeatSeconds: FIXTURE_FEED_HEARTBEAT_S,
          origin: 'fixtures',
        })
    }
    for (const [label, price] of Object.entries(fixture.prices ?? {})) {
      const address = assetAddress(label, fixture)
      if (address) fixed.push({ chainId, address, price })
    }
  }
  return { feeds, fixed, cacheMs: input.cacheMs ?? DEFAULT_CACHE_MS }
}

/**
 * PORTICO_PRICE_FEEDS: "<chainId>:<token>=<feed>@<heartbeat s>", comma-separated; token is a 0x
 * address or "native". PORTICO_PRICE_CACHE_MS: how long a reading is reused.
 */
export function priceOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<PriceOptions> | undefined {
  const out: Partial<PriceOptions> = {}
  if (env.PORTICO_PRICE_FEEDS) out.feeds = parsePriceFeeds(env.PORTICO_PRICE_FEEDS)
  if (env.PORTICO_PRICE_CACHE_MS) {
    const ms = Number(env.PORTICO_PRICE_CACHE_MS)
    if (!Number.isSafeInteger(ms) || ms < 0)
      throw new Error(`PORTICO_PRICE_CACHE_MS: expected an integer ≥ 0, got "${env.PORTICO_PRICE_CACHE_MS}"`)
    out.cacheMs = ms
  }
  return Object.keys(out).length > 0 ? out : undefined
}

const FEED_ENTRY = /^(\d+):(native|0x[0-9a-fA-F]{40})=(0x[0-9a-fA-F]{40})@(\d+)$/

export function parsePriceFeeds(value: string): PriceFeed[] {
  const feeds = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((entry): PriceFeed => {
      const m = FEED_ENTRY.exec(entry)
      const heartbeat = Number(m?.[4])
      if (!m?.[1] || !m[2] || !m[3] || !Number.isSafeInteger(heartbeat) || heartbeat < 1)
        throw new Error(
          `PORTICO_PRICE_FEEDS: expected "<chainId>:<token address|native>=<feed address>@<heartbeat seconds>", got "${entry}"`,
        )
      return {
        chainId: Number(m[1]),
        token: m[2] === 'native' ? NATIVE : m[2].toLowerCase(),
        feed: m[3] as `0x${string}`,
        heartbeatSeconds: heartbeat,
        origin: 'config',
      }
    })
  const keys = feeds.map((f) => `${f.chainId}:${f.token}`)
  const twice = keys.find((k, i) => keys.indexOf(k) !== i)
  if (twice) throw new Error(`PORTICO_PRICE_FEEDS: two feeds for ${twice}`)
  return feeds
}
