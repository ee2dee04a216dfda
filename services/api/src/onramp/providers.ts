import type { OnrampProviderInfo } from '@portico/shared-types/api'
import type { ApiContext } from '../context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { type OnrampAsset, onrampAssets } from './assets.ts'
import type { PaymentCurrency } from './catalogue.ts'
import { moonpayProvider } from './moonpay.ts'
import { assetOn } from './params.ts'
import type { OnrampProvider } from './provider.ts'
import { sandboxProviders } from './sandbox.ts'

/** The configured providers, sandbox first (so it stays the default where it serves). */
export function onrampProviders(ctx: ApiContext): OnrampProvider[] {
  const { moonpay } = ctx.config.onrampProviders
  return [...sandboxProviders(ctx), ...(moonpay ? [moonpayProvider(moonpay)] : [])]
}

/** The configured assets some provider can deliver: what GET /v1/onramp/options offers. */
export function offeredAssets(ctx: ApiContext, providers: readonly OnrampProvider[]): OnrampAsset[] {
  return onrampAssets(ctx).filter((a) => providers.some((p) => p.serves(a)))
}

/**
 * The providers as GET /v1/onramp/options names them, in quote order, each with the networks it
 * delivers some offered asset on; one that delivers nothing this API serves is left out.
 */
export function providerInfos(ctx: ApiContext, providers: readonly OnrampProvider[]): OnrampProviderInfo[] {
  const assets = offeredAssets(ctx, providers)
  return providers.flatMap((p) => {
    const chainIds = new Set(assets.filter((a) => p.serves(a)).map((a) => a.chainId))
    if (chainIds.size === 0) return []
    return [{ id: p.id, name: p.name, quotes: p.quotes, networks: [...chainIds].map((id) => `eip155:${id}`) }]
  })
}

/**
 * The provider asked for (400 naming the configured ones if it is not one), or else the first that
 * serves the asset on the network; and that asset (400 when the provider cannot deliver it there).
 */
export function providerAndAsset(
  ctx: ApiContext,
  providers: readonly OnrampProvider[],
  q: { provider: string | undefined; asset: string; network: string; currency: PaymentCurrency },
): { provider: OnrampProvider; asset: OnrampAsset } {
  if (providers.length === 0) throw new ApiError(503, 'No on-ramp provider is configured on this API')
  const named = q.provider === undefined ? providers : providers.filter((p) => p.id === q.provider)
  if (named.length === 0) throw badRequest(`provider must be one of ${providers.map((p) => p.id).join(', ')}`)
  const asset = assetOn(offeredAssets(ctx, named), q.asset, q.network)
  const provider = named.find((p) => p.serves(asset) && p.currencies.includes(q.currency))
  if (!provider) throw badRequest(`paymentCurrency ${q.currency} is not offered for this purchase`)
  return { provider, asset }
}
