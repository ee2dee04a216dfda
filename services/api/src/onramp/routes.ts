import { randomBytes } from 'node:crypto'
import type { OnrampOptionsResponse, OnrampQuoteResponse, OnrampUrlResponse } from '@portico/shared-types'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { projectIdOf } from '../http/guard.ts'
import { parse } from '../http/validate.ts'
import { assetFacts, onrampAssets, optionsOf } from './assets.ts'
import { formatCents } from './catalogue.ts'
import { assetOn, currencyOf, fiatCentsOf, methodOf, providerOf, QuoteBody, UrlBody } from './params.ts'
import { computeQuote, formatBaseUnits, QuoteError } from './quote.ts'

/**
 * The sandbox on-ramp (SPEC §7): GET /v1/onramp/options; POST /v1/onramp/quote {purchaseCurrency,
 * paymentCurrency, amount, network, provider?, paymentMethod?}; POST /v1/generators/onrampurl
 * {destinationWallets, defaultNetwork, partnerUserId, defaultExperience, presetFiatAmount, provider?,
 * paymentCurrency?, paymentMethod?} → an order priced now, and the provider page URL that pays it.
 */
export function onrampRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/v1/onramp/options', async (): Promise<OnrampOptionsResponse> => optionsOf(onrampAssets(ctx)))

  app.post('/v1/onramp/quote', async (req): Promise<OnrampQuoteResponse> => {
    const body = parse(QuoteBody, objectOrNull(req.body), 'body')
    const provider = providerOf(body.provider)
    const method = methodOf(body.paymentMethod)
    const currency = currencyOf(body.paymentCurrency)
    const asset = assetOn(onrampAssets(ctx), body.purchaseCurrency, body.network)
    const totalCents = fiatCentsOf(body.amount, 'amount')
    const facts = await assetFacts(ctx, asset)
    const q = quoteOrBadRequest(() => computeQuote({ provider, method, currency, totalCents, ...facts }))
    const money = (cents: bigint) => ({ amount: formatCents(cents), currency })
    return {
      coinbaseFee: money(q.feeCents),
      networkFee: money(q.networkFeeCents),
      paymentSubtotal: money(q.subtotalCents),
      paymentTotal: money(q.totalCents),
      purchaseAmount: { amount: formatBaseUnits(q.cryptoBaseUnits, facts.decimals), currency: asset.symbol },
      quoteId: `${provider.id}:${randomBytes(9).toString('base64url')}`,
    }
  })

  app.post('/v1/generators/onrampurl', async (req, reply): Promise<OnrampUrlResponse> => {
    const body = parse(UrlBody, objectOrNull(req.body), 'body')
    const { pageUrl } = ctx.config.onramp
    if (!pageUrl || !ctx.config.onramp.secret)
      throw new ApiError(
        503,
        'The on-ramp provider page is not configured on this API (onramp.pageUrl, onramp.secret)',
      )
    const wallet = body.destinationWallets[0]
    if (!wallet) throw badRequest('destinationWallets must name one wallet')
    const network = body.defaultNetwork ?? wallet.blockchains?.[0]
    if (!network) throw badRequest('defaultNetwork is required (or destinationWallets.blockchains)')
    if (wallet.blockchains && !wallet.blockchains.includes(network))
      throw badRequest('defaultNetwork must be one of destinationWallets.blockchains')
    const asset = assetOn(onrampAssets(ctx), wallet.assets?.[0] ?? 'eth', network)
    const provider = providerOf(body.provider)
    const method = methodOf(body.paymentMethod)
    const currency = currencyOf(body.paymentCurrency ?? 'USD')
    const totalCents = fiatCentsOf(fiatText(body.presetFiatAmount), 'presetFiatAmount')
    const facts = await assetFacts(ctx, asset)
    const q = quoteOrBadRequest(() => computeQuote({ provider, method, currency, totalCents, ...facts }))
    if (q.cryptoBaseUnits <= 0n) throw badRequest('presetFiatAmount is too small to buy any token')
    const now = Math.floor(Date.now() / 1000)
    const id = randomBytes(18).toString('base64url')
    await ctx.repo.createOnrampOrder({
      id,
      projectId: projectIdOf(req) ?? '',
      provider: provider.id,
      address: wallet.address,
      chainId: asset.chainId,
      asset: asset.asset,
      symbol: asset.symbol,
      tokenAddress: asset.tokenAddress,
      decimals: facts.decimals,
      fiatCurrency: currency,
      paymentMethod: method,
      fiatTotal: formatCents(q.totalCents),
      fee: formatCents(q.feeCents),
      networkFee: formatCents(q.networkFeeCents),
      cryptoAmount: q.cryptoBaseUnits.toString(),
      status: 'pending',
      txHash: null,
      createdAt: now,
      updatedAt: now,
    })
    const url = new URL('/buy', pageUrl)
    url.searchParams.set('order', id)
    void reply.code(201)
    return { url: url.href }
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

function quoteOrBadRequest<T>(fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof QuoteError) throw badRequest(err.message)
    throw err
  }
}
