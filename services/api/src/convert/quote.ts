/**
 * Quotes from the DEX's router: the best of the direct pool and every one-stop route through the
 * configured pools (getAmountsOut), with the price impact read from the pools' reserves.
 */
import { type Address, parseAbi } from 'viem'
import { ApiError, badRequest } from '../http/errors.ts'
import type { DexConfig, DexPoolConfig } from './dexConfig.ts'
import type { SwapChain } from './params.ts'
import type { SwapTokenInfo } from './swapTokens.ts'

export const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

/** behaviour §9 provider fee rate, as a fraction: 85 / 10000. */
export const PROVIDER_FEE_RATE = '0.0085'
const FEE_NUMERATOR = 85n
const FEE_DENOMINATOR = 10_000n

export interface Quote {
  path: Address[]
  amountIn: bigint
  amountOut: bigint
  /** Percent the output falls short of the pools' mid price (after their 0.3% fee), 4 decimals. */
  priceImpact: number
  /** behaviour §9 rate on the source amount, in its smallest unit (shown by the client; not charged on chain). */
  providerFee: bigint
}

const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase()
const poolOf = (dex: DexConfig, a: Address, b: Address): DexPoolConfig | undefined =>
  dex.pools.find((p) => (same(p.tokenA, a) && same(p.tokenB, b)) || (same(p.tokenA, b) && same(p.tokenB, a)))

/** Direct, then through each pool token linked to both ends. */
export function candidatePaths(dex: DexConfig, from: Address, to: Address): Address[][] {
  const paths: Address[][] = []
  if (poolOf(dex, from, to)) paths.push([from, to])
  const middles = new Map<string, Address>()
  for (const p of dex.pools) for (const t of [p.tokenA, p.tokenB]) middles.set(t.toLowerCase(), t)
  for (const middle of middles.values()) {
    if (same(middle, from) || same(middle, to)) continue
    if (poolOf(dex, from, middle) && poolOf(dex, middle, to)) paths.push([from, middle, to])
  }
  return paths
}

export async function quote(
  chain: SwapChain,
  source: SwapTokenInfo,
  destination: SwapTokenInfo,
  amountIn: bigint,
): Promise<Quote> {
  const { handle, dex } = chain
  const paths = candidatePaths(dex, source.poolAddress, destination.poolAddress)
  if (paths.length === 0) throw badRequest(`No pool route from ${source.symbol} to ${destination.symbol}`)
  let reachable = false
  const outs = await Promise.all(
    paths.map((path) =>
      handle.client
        .readContract({
          address: dex.router,
          abi: routerAbi,
          functionName: 'getAmountsOut',
          args: [amountIn, path],
        })
        .then((amounts) => {
          reachable = true
          return amounts[amounts.length - 1] ?? 0n
        })
        .catch((err: unknown) => {
          // A revert (amount beyond the reserves) leaves this path out; an unreachable chain fails below.
          if (!String(err).includes('revert')) return undefined
          reachable = true
          return 0n
        }),
    ),
  )
  if (!reachable) throw new ApiError(502, `Cannot quote: chain ${handle.caipId} is unreachable`)
  let best = -1
  for (const [i, out] of outs.entries())
    if (out !== undefined && out > 0n && (best < 0 || out > (outs[best] ?? 0n))) best = i
  const path = paths[best]
  const amountOut = outs[best]
  if (!path || amountOut === undefined)
    throw badRequest(
      `The pools cannot fill ${amountIn} of ${source.symbol} for ${destination.symbol}: the amount is too large`,
    )
  return {
    path,
    amountIn,
    amountOut,
    priceImpact: await priceImpact(chain, path, amountIn, amountOut),
    providerFee: (amountIn * FEE_NUMERATOR) / FEE_DENOMINATOR,
  }
}

/** (ideal − actual) / ideal, where ideal trades every hop at its mid price minus the 0.3% pool fee. */
async function priceImpact(chain: SwapChain, path: Address[], amountIn: bigint, amountOut: bigint) {
  const { handle, dex } = chain
  const hops = path.slice(1).map((to, i) => ({ from: path[i] as Address, to }))
  const reserves = await Promise.all(
    hops.map(async ({ from, to }) => {
      const pool = poolOf(dex, from, to)
      if (!pool) throw new Error('path over an unknown pool')
      const [[r0, r1], token0] = await Promise.all([
        handle.client.readContract({ address: pool.pair, abi: pairAbi, functionName: 'getReserves' }),
        handle.client.readContract({ address: pool.pair, abi: pairAbi, functionName: 'token0' }),
      ])
      return same(token0, from) ? { rIn: r0, rOut: r1 } : { rIn: r1, rOut: r0 }
    }),
  )
  let num = amountIn
  let den = 1n
  for (const { rIn, rOut } of reserves) {
    num *= rOut * 997n
    den *= rIn * 1000n
  }
  if (num === 0n) return 0
  // ideal = num / den; impact = 1 − amountOut·den / num, in millionths of a percent then rounded
  const shortfall = num - amountOut * den
  const millionths = shortfall <= 0n ? 0n : (shortfall * 100_000_000n) / num
  return Number(millionths / 100n) / 10_000
}
