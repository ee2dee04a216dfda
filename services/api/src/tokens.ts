import { type Address, getAddress } from 'viem'
import type { ChainHandle } from './chain/clients.ts'
import { readTokenMetadata } from './chain/erc20.ts'
import { createNegativeCache, type NegativeCache } from './chain/negativeCache.ts'
import type { ChainContract } from './config.ts'
import type { Repository, TokenKind, TokenRecord } from './db/repository.ts'
import type { FixedPrice } from './prices/options.ts'

/** How wallets and swap APIs name a chain's native token as an address. */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Seeds the dev fixtures' fixed USD prices (no overwrite); production has none (prices/options.ts). */
export async function seedFixedPrices(repo: Repository, fixed: FixedPrice[]): Promise<void> {
  const updatedAt = Math.floor(Date.now() / 1000)
  await repo.seedPrices(
    fixed.map(({ chainId, address, price }) => ({
      chainId,
      address: address.toLowerCase(),
      currency: 'usd',
      price,
      updatedAt,
    })),
  )
}

/**
 * Lists each chain's native token and the configured tokens. Metadata of configured tokens is read
 * from the chain; a chain that is down leaves placeholders that `withMetadata` fills in later.
 */
export async function syncTokenRegistry(
  repo: Repository,
  chains: Map<number, ChainHandle>,
  configured: ChainContract[],
  onError: (chainId: number, err: unknown) => void,
): Promise<void> {
  await repo.upsertTokens(
    [...chains.values()].map((h) => ({
      chainId: h.chainId,
      address: NATIVE_ADDRESS,
      kind: 'native' as const,
      name: h.native.name,
      symbol: h.native.symbol,
      decimals: h.native.decimals,
      iconUrl: null,
      listed: true,
    })),
  )
  const byChain = new Map<number, string[]>()
  for (const c of configured)
    byChain.set(c.chainId, [...(byChain.get(c.chainId) ?? []), c.address.toLowerCase()])
  for (const [chainId, addresses] of byChain) {
    const known = new Set((await repo.getTokens(chainId, addresses)).map((t) => t.address))
    const missing = [...new Set(addresses)].filter((a) => !known.has(a))
    await repo.upsertTokens(missing.map((address) => placeholder(chainId, address, 'unknown', true)))
    const handle = chains.get(chainId)
    if (!handle) continue
    try {
      await repo.upsertTokens(
        await withMetadata(repo, handle, await repo.getTokens(chainId, addresses), { listed: true }),
      )
    } catch (err) {
      onError(chainId, err)
    }
  }
}

/**
 * Returns the tokens with metadata read from the chain where it is missing (and stores it).
 * Tokens marked listed stay listed.
 */
export async function withMetadata(
  repo: Repository,
  handle: ChainHandle,
  tokens: TokenRecord[],
  opts: { listed?: boolean } = {},
): Promise<TokenRecord[]> {
  const lacking = tokens.filter((t) => t.kind !== 'native' && t.decimals === null && t.symbol === null)
  if (lacking.length === 0) return tokens
  const filled = (await readMetadata(handle, lacking)).map((t) => ({
    ...t,
    listed: t.listed || (opts.listed ?? false),
  }))
  await repo.upsertTokens(filled)
  const byAddress = new Map(filled.map((t) => [t.address, t]))
  return tokens.map((t) => byAddress.get(t.address) ?? t)
}

export interface ResolveOptions {
  /** At most this many unknown contracts are looked up on the chain in one call; the rest are left out. */
  maxLookups: number
}

/** Per request (balance forceUpdate): a bounded number of chain look-ups. */
export const REQUEST_LOOKUPS: ResolveOptions = { maxLookups: 20 }
/** How long a "not a token" answer is trusted, and how many such answers are kept per chain. */
export const NEGATIVE_TTL_MS = 10 * 60_000
const NEGATIVE_MAX_ENTRIES = 50_000

const notTokens = new WeakMap<ChainHandle, NegativeCache>()
function notTokensOf(handle: ChainHandle): NegativeCache {
  let cache = notTokens.get(handle)
  if (!cache) {
    cache = createNegativeCache({ ttlMs: NEGATIVE_TTL_MS, maxEntries: NEGATIVE_MAX_ENTRIES })
    notTokens.set(handle, cache)
  }
  return cache
}

/**
 * Tokens of the given contracts, learning unknown ones from the chain (stored unlisted). Only a
 * contract (code at the address) with token metadata is stored; other addresses are left out and
 * remembered for NEGATIVE_TTL_MS, so asking again costs no chain call.
 */
export async function resolveTokens(
  repo: Repository,
  handle: ChainHandle,
  contracts: { address: string; kind: TokenKind }[],
  opts: ResolveOptions = { maxLookups: Number.POSITIVE_INFINITY },
): Promise<TokenRecord[]> {
  const addresses = [...new Set(contracts.map((c) => c.address.toLowerCase()))]
  const known = await repo.getTokens(handle.chainId, addresses)
  const have = new Set(known.map((t) => t.address))
  const negative = notTokensOf(handle)
  const kinds = new Map(contracts.map((c) => [c.address.toLowerCase(), c.kind]))
  const fresh = addresses
    .filter((a) => !have.has(a) && !negative.has(a))
    .slice(0, Math.max(0, opts.maxLookups))
  if (fresh.length === 0) return withMetadata(repo, handle, known)
  const codes = await Promise.all(
    fresh.map((a) => handle.client.getCode({ address: getAddress(a) as Address })),
  )
  const contractsOnly = fresh.filter((a, i) => {
    const code = codes[i]
    if (code !== undefined && code !== '0x') return true
    negative.add(a)
    return false
  })
  const learned = await readMetadata(
    handle,
    contractsOnly.map((a) => placeholder(handle.chainId, a, kinds.get(a) ?? 'unknown', false)),
  )
  const tokens = learned.filter((t) => {
    if (t.name !== null || t.symbol !== null || t.decimals !== null) return true
    negative.add(t.address)
    return false
  })
  await repo.upsertTokens(tokens)
  return withMetadata(repo, handle, [...known, ...tokens])
}

/** The tokens with name, symbol and decimals read from the chain (kind erc20 when it has decimals). */
function readMetadata(handle: ChainHandle, tokens: TokenRecord[]): Promise<TokenRecord[]> {
  return Promise.all(
    tokens.map(async (t): Promise<TokenRecord> => {
      const meta = await readTokenMetadata(handle.client, getAddress(t.address) as Address)
      const kind: TokenKind = t.kind !== 'unknown' ? t.kind : meta.decimals !== null ? 'erc20' : 'unknown'
      return { ...t, ...meta, kind }
    }),
  )
}

function placeholder(chainId: number, address: string, kind: TokenKind, listed: boolean): TokenRecord {
  return { chainId, address, kind, name: null, symbol: null, decimals: null, iconUrl: null, listed }
}
