import type { OnrampOptionsResponse, OnrampQuoteResponse, OnrampUrlResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import { projectIdOf } from '../http/guard.ts'
import { parse } from '../http/validate.ts'
import { optionsOf } from './assets.ts'
import { formatCents } from './catalogue.ts'
import { currencyOf, fiatCentsOf, methodOf, QuoteBody, UrlBody } from './params.ts'
import { offeredAssets, onrampProviders, providerAndAsset, providerInfos } from './providers.ts'

/**
 * The on-ramp (behaviour §7) over the configured providers (providers.ts): GET /v1/onramp/options (what some
 * provider delivers, and `providers`: who, where, and whether it quotes); POST /v1/onramp/quote {purchaseCurrency, paymentCurrency, amount, network,
 * provider?, paymentMethod?}; POST /v1/generators/onrampurl {destinationWallets, defaultNetwork,
 * partnerUserId, defaultExperience, presetFiatAmount, provider?, paymentCurrency?, paymentMethod?} →
 * the chosen provider's page for that purchase.
 */
export function onrampRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const providers = onrampProviders(ctx)

  app.get(
    '/v1/onramp/options',
    async (): Promise<OnrampOptionsResponse> => ({
      ...optionsOf(offeredAssets(ctx, providers)),
      providers: providerInfos(ctx, providers),
    }),
  )

  app.post('/v1/onramp/quote', async (req): Promise<OnrampQuoteResponse> => {
    const body = parse(QuoteBody, objectOrNull(req.body), 'body')
    const method = methodOf(body.paymentMethod)
    const currency = currencyOf(body.paymentCurrency)
    const { provider, asset } = providerAndAsset(ctx, providers, {
      provider: body.provider,
      asset: body.purchaseCurrency,
      network: body.network,
      currency,
    })
    const totalCents = fiatCentsOf(body.amount, 'amount')
    return provider.quote({ asset, currency, method, totalCents })
  })

  app.post('/v1/generators/onrampurl', async (req, reply): Promise<OnrampUrlResponse> => {
    const body = parse(UrlBody, objectOrNull(req.body), 'body')
    const wallet = body.destinationWallets[0]
    if (!wallet) throw badRequest('destinationWallets must name one wallet')
    const network = body.defaultNetwork ?? wallet.blockchains?.[0]
    if (!network) throw badRequest('defaultNetwork is required (or destinationWallets.blockchains)')
    if (wallet.blockchains && !wallet.blockchains.includes(network))
      throw badRequest('defaultNetwork must be one of destinationWallets.blockchains')
    const method = methodOf(body.paymentMethod)
    const currency = currencyOf(body.paymentCurrency ?? 'USD')
    const { provider, asset } = providerAndAsset(ctx, providers, {
      provider: body.provider,
      asset: wallet.assets?.[0] ?? 'eth',
      network,
      currency,
    })
    const totalCents = fiatCentsOf(fiatText(body.presetFiatAmount), 'presetFiatAmount')
    const url = await provider.pageUrl({
      asset,
      currency,
      method,
      totalCents,
      address: wallet.address,
      partnerUserId: body.partnerUserId,
      projectId: projectIdOf(req) ?? '',
    })
    void reply.code(201)
    return { url }
  })
}

/** A list is not the object a body must be (valibot's object schemas would take its indices). */
const objectOrNull = (body: unknown) => (Array.isArray(body) ? null : (body ?? null))

/** A JSON number with at most 2 decimals as "12.30"; anything else is refused by fiatCentsOf. */
function fiatText(n: number): string {
  if (!(n > 0) || n > 1e9) return 'invalid'
  const cents = Math.round(n * 100)
  return Math.abs(cents - n * 100) > 1e-6 ? 'invalid' : formatCents(BigInt(cents))
}
