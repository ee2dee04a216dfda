import { type Address, getAddress } from 'viem'
import type { ChainHandle } from './chain/clients.ts'
import { readTokenMetadata } from './chain/erc20.ts'
import type { ChainContract } from './config.ts'
import type { Repository, TokenKind, TokenRecord } from './db/repository.ts'

/** How wallets and swap APIs name a chain's native token as an address. */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Seed prices in USD (SPEC-compatible sample values; change them in the prices table). */
export const DEFAULT_PRICES = { ETH: 3000, PTT: 1.25, USDC: 1 } as const

export async function seedDefaultPrices(repo: Repository): Promise<void> {
  const now = Math.floor(Date.now() / 1000)
  await repo.seedPrices(
    Object.entries(DEFAULT_PRICES).map(([symbol, price]) => ({
      symbol,
      currency: 'usd',
      price,
      updatedAt: now,
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
  const filled = await Promise.all(
    lacking.map(async (t): Promise<TokenRecord> => {
      const meta = await readTokenMetadata(handle.client, getAddress(t.address) as Address)
      const kind: TokenKind = t.kind !== 'unknown' ? t.kind : meta.decimals !== null ? 'erc20' : 'unknown'
      return { ...t, ...meta, kind, listed: t.listed || (opts.listed ?? false) }
    }),
  )
  await repo.upsertTokens(filled)
  const byAddress = new Map(filled.map((t) => [t.address, t]))
  return tokens.map((t) => byAddress.get(t.address) ?? t)
}

/** Tokens of the given contracts, learning unknown ones from the chain (stored unlisted). */
export async function resolveTokens(
  repo: Repository,
  handle: ChainHandle,
  contracts: { address: string; kind: TokenKind }[],
): Promise<TokenRecord[]> {
  const addresses = contracts.map((c) => c.address.toLowerCase())
  const known = await repo.getTokens(handle.chainId, addresses)
  const have = new Set(known.map((t) => t.address))
  const fresh = contracts
    .filter((c) => !have.has(c.address.toLowerCase()))
    .map((c) => placeholder(handle.chainId, c.address.toLowerCase(), c.kind, false))
  return withMetadata(repo, handle, [...known, ...fresh])
}

function placeholder(chainId: number, address: string, kind: TokenKind, listed: boolean): TokenRecord {
  return { chainId, address, kind, name: null, symbol: null, decimals: null, iconUrl: null, listed }
}
