import type { OnrampOptionsResponse } from '@portico/shared-types/api'
import type { ApiContext } from '../context.ts'
import { ApiError } from '../http/errors.ts'
import { NATIVE_ADDRESS } from '../tokens.ts'
import {
  ASSETS,
  type AssetId,
  formatCents,
  METHOD_LIMITS,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
} from './catalogue.ts'

/** One purchasable token on one served chain. */
export interface OnrampAsset {
  asset: AssetId
  symbol: string
  name: string
  chainId: number
  /** Lower-case contract; NATIVE_ADDRESS for the native token. */
  tokenAddress: string
}

/** ETH on every served chain whose native token is ETH; USDC where a token labelled USDC is configured. */
export function onrampAssets(ctx: Pick<ApiContext, 'config' | 'chains'>): OnrampAsset[] {
  const out: OnrampAsset[] = []
  for (const { id, symbol, name } of ASSETS)
    for (const handle of ctx.chains.values()) {
      if (id === 'eth') {
        if (handle.native.symbol === 'ETH')
          out.push({ asset: id, symbol, name, chainId: handle.chainId, tokenAddress: NATIVE_ADDRESS })
        continue
      }
      const token = ctx.config.tokens.find(
        (t) => t.chainId === handle.chainId && t.label?.toUpperCase() === symbol,
      )
      if (token)
        out.push({
          asset: id,
          symbol,
          name,
          chainId: handle.chainId,
          tokenAddress: token.address.toLowerCase(),
        })
    }
  return out
}

/** GET /v1/onramp/options: behaviour §3 shape. */
export function optionsOf(assets: OnrampAsset[]): OnrampOptionsResponse {
  const limits = PAYMENT_METHODS.map((id) => ({
    id,
    min: formatCents(METHOD_LIMITS[id].min),
    max: formatCents(METHOD_LIMITS[id].max),
  }))
  return {
    purchaseCurrencies: ASSETS.map(({ id, name, symbol }) => ({
      id,
      name,
      symbol,
      networks: assets
        .filter((a) => a.asset === id)
        .map((a) => ({
          name: `eip155:${a.chainId}`,
          display_name: `Chain ${a.chainId}`,
          chain_id: String(a.chainId),
          contract_address: a.tokenAddress === NATIVE_ADDRESS ? '' : a.tokenAddress,
        })),
    })).filter((c) => c.networks.length > 0),
    paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({ id, payment_method_limits: limits })),
  }
}

/** Decimals and USD price of an asset, from the token registry and the price table. */
export async function assetFacts(
  ctx: Pick<ApiContext, 'repo' | 'chains'>,
  a: OnrampAsset,
): Promise<{ decimals: number; priceUsd: number }> {
  const handle = ctx.chains.get(a.chainId)
  let decimals = a.tokenAddress === NATIVE_ADDRESS ? handle?.native.decimals : undefined
  if (decimals === undefined) {
    const [token] = await ctx.repo.getTokens(a.chainId, [a.tokenAddress])
    decimals = token?.decimals ?? undefined
  }
  const priceUsd = (await ctx.repo.getPrices(a.chainId, [a.tokenAddress], 'usd')).get(a.tokenAddress)
  if (decimals === undefined || priceUsd === undefined)
    throw new ApiError(
      503,
      `${a.symbol} on eip155:${a.chainId} has no price or metadata yet: try again shortly`,
    )
  return { decimals, priceUsd }
}
