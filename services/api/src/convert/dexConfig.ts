/**
 * The swap DEX of a chain (a Uniswap-V2 router, factory and WETH with its pools), as configured or as
 * the devnet fixtures report it. Only these pools are routed through; their tokens are the swap list.
 */
import { type Address, getAddress, isAddress } from 'viem'

export interface DexPoolConfig {
  tokenA: Address
  tokenB: Address
  pair: Address
}

export interface DexConfig {
  chainId: number
  router: Address
  factory: Address
  /** The router's WETH: the native token's side of a pool. */
  weth: Address
  pools: DexPoolConfig[]
}

/** The `dex` entry of one chain's fixtures (services/devnet DexFixtures). */
export interface DexFixtureInput {
  router: string
  factory: string
  weth: string
  pairs: { tokenA: string; tokenB: string; pair: string }[]
}

/** Bounded: each pool is a candidate hop of every quote. */
export const MAX_POOLS_PER_DEX = 50

export function dexFromFixture(chainId: number, dex: DexFixtureInput): DexConfig {
  const address = (raw: unknown, what: string): Address => {
    if (typeof raw !== 'string' || !isAddress(raw, { strict: false }))
      throw new Error(`Fixtures: chain ${chainId} dex ${what} is not an address`)
    return getAddress(raw)
  }
  if (!Array.isArray(dex.pairs) || dex.pairs.length > MAX_POOLS_PER_DEX)
    throw new Error(`Fixtures: chain ${chainId} dex pairs must be a list of at most ${MAX_POOLS_PER_DEX}`)
  return {
    chainId,
    router: address(dex.router, 'router'),
    factory: address(dex.factory, 'factory'),
    weth: address(dex.weth, 'weth'),
    pools: dex.pairs.map((p, i) => ({
      tokenA: address(p.tokenA, `pairs[${i}].tokenA`),
      tokenB: address(p.tokenB, `pairs[${i}].tokenB`),
      pair: address(p.pair, `pairs[${i}].pair`),
    })),
  }
}
