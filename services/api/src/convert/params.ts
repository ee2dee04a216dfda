/**
 * Validation shared by the /v1/convert/* routes: the user's chain must have a DEX, tokens must be on
 * that chain's swap list, amounts are bounded decimal integer strings, slippage a bounded percentage.
 */
import { MESSAGES } from '@portico/shared-types'
import type { Address } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import type { ApiContext } from '../context.ts'
import { badRequest, upstreamFailure } from '../http/errors.ts'
import { parseAccount } from '../http/validate.ts'
import type { DexConfig } from './dexConfig.ts'
import type { SwapTokenInfo, SwapTokenLists } from './swapTokens.ts'

/** Uniswap-V2 reserves are uint112: no pool can take or give more. */
export const MAX_AMOUNT = 2n ** 112n - 1n
/** Above this a "price" is a typo or an attack (1e6 gwei). */
export const MAX_GAS_PRICE = 10n ** 24n
export const MAX_SLIPPAGE_PERCENT = 50

export interface SwapChain {
  handle: ChainHandle
  dex: DexConfig
  tokens: SwapTokenInfo[]
}

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s)

export function notSupported(ctx: ApiContext, what: string): Error {
  const served = ctx.config.dexes.map((d) => `eip155:${d.chainId}`).join(', ') || 'none'
  return badRequest(`${MESSAGES.networkNotSupportedForSwaps}: ${clip(what)} (swaps on: ${served})`)
}

/** The chain of a CAIP-2 id, when it is served and has a DEX. */
export async function swapChainById(ctx: ApiContext, lists: SwapTokenLists, chainId: number, what: string) {
  const handle = ctx.chains.get(chainId)
  const dex = ctx.config.dexes.find((d) => d.chainId === chainId)
  if (!handle || !dex) throw notSupported(ctx, what)
  const tokens = await lists.get(handle, dex).catch((err: unknown) => {
    throw upstreamFailure(`Cannot read the swap tokens of ${handle.caipId}`, err)
  })
  return { handle, dex, tokens } satisfies SwapChain
}

/** The user's account (CAIP-10, so that it names the chain) and its swap chain. */
export async function swapAccount(
  ctx: ApiContext,
  lists: SwapTokenLists,
  raw: string,
): Promise<SwapChain & { user: Address }> {
  const { address, chainId } = parseAccount(raw)
  if (chainId === null)
    throw badRequest(`userAddress must be a CAIP-10 account such as eip155:31337:0x…, got "${clip(raw)}"`)
  return { ...(await swapChainById(ctx, lists, chainId, `eip155:${chainId}`)), user: address }
}

/** A token of the chain's swap list, given as eip155:<chainId>:<address>. */
export function swapToken(chain: SwapChain, raw: string, field: string): SwapTokenInfo {
  const { address, chainId } = parseAccount(raw)
  if (chainId === null) throw badRequest(`${field} must be a CAIP-10 token address such as eip155:1:0x…`)
  if (chainId !== chain.handle.chainId)
    throw badRequest(`${field} is on eip155:${chainId} but the account is on ${chain.handle.caipId}`)
  const token = chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
  if (!token)
    throw badRequest(
      `${field} ${clip(raw)} is not on the swap list of ${chain.handle.caipId} (see GET /v1/convert/tokens)`,
    )
  return token
}

/** Both sides of a swap: listed, and different. */
export function swapPair(chain: SwapChain, from: string, to: string) {
  const source = swapToken(chain, from, 'from')
  const destination = swapToken(chain, to, 'to')
  if (source.address === destination.address) throw badRequest('from and to are the same token')
  return { source, destination }
}

/** A positive amount in the token's smallest unit, as a decimal integer string. */
export function parseAmount(raw: string, field = 'amount'): bigint {
  if (!/^\d{1,80}$/.test(raw))
    throw badRequest(`${field} must be a whole number of the token's smallest unit, got "${clip(raw)}"`)
  const amount = BigInt(raw)
  if (amount === 0n) throw badRequest(`${field} must be above 0`)
  if (amount > MAX_AMOUNT) throw badRequest(`${field} is above ${MAX_AMOUNT} (the most a pool can hold)`)
  return amount
}

export function parseGasPrice(raw: string): bigint {
  if (!/^\d{1,30}$/.test(raw))
    throw badRequest(`gasPrice must be wei per gas as a whole number, got "${clip(raw)}"`)
  const price = BigInt(raw)
  if (price > MAX_GAS_PRICE) throw badRequest(`gasPrice is above ${MAX_GAS_PRICE} wei`)
  return price
}

/** Slippage in percent (behaviour §9: 1 by default), 0 to 50, at most 2 decimals. */
export function parseSlippage(raw: unknown): bigint {
  const value = typeof raw === 'string' && /^\d{1,3}(\.\d{1,2})?$/.test(raw) ? Number(raw) : raw
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_SLIPPAGE_PERCENT)
    throw badRequest(`eip155.slippage must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}`)
  const basisPoints = Math.round(value * 100)
  if (Math.abs(basisPoints - value * 100) > 1e-6) throw badRequest('eip155.slippage has more than 2 decimals')
  return BigInt(basisPoints)
}
