import { randomBytes } from 'node:crypto'
import type { OnrampQuoteResponse } from '@portico/shared-types/api'
import type { ApiContext } from '../context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { assetFacts } from './assets.ts'
import { formatCents, PAYMENT_CURRENCIES, SANDBOX_PROVIDERS, type SandboxFees } from './catalogue.ts'
import type { OnrampProvider, PageRequest, PurchaseRequest } from './provider.ts'
import { computeQuote, formatBaseUnits, QuoteError } from './quote.ts'

/**
 * The sandbox providers (portico-pay, demo-ramp): priced from the API's price table, paid on
 * services/onramp's page with a test card, delivered from its treasury on the devnet. They serve only
 * the chains that treasury is on (onrampProviders.sandbox.chainIds).
 */
export function sandboxProviders(ctx: ApiContext): OnrampProvider[] {
  const { enabled, chainIds } = ctx.config.onrampProviders.sandbox
  if (!enabled) return []
  const chains = new Set(chainIds)
  return SANDBOX_PROVIDERS.map((fees) => ({
    id: fees.id,
    name: fees.name,
    quotes: true,
    currencies: PAYMENT_CURRENCIES,
    serves: (asset) => chains.has(asset.chainId),
    quote: (req) => sandboxQuote(ctx, fees, req),
    pageUrl: (req) => sandboxOrder(ctx, fees, req),
  }))
}

async function priced(ctx: ApiContext, fees: SandboxFees, req: PurchaseRequest) {
  const facts = await assetFacts(ctx, req.asset)
  try {
    return { facts, q: computeQuote({ provider: fees, ...req, ...facts }) }
  } catch (err) {
    if (err instanceof QuoteError) throw badRequest(err.message)
    throw err
  }
}

async function sandboxQuote(
  ctx: ApiContext,
  fees: SandboxFees,
  req: PurchaseRequest,
): Promise<OnrampQuoteResponse> {
  const { facts, q } = await priced(ctx, fees, req)
  const money = (cents: bigint) => ({ amount: formatCents(cents), currency: req.currency })
  return {
    coinbaseFee: money(q.feeCents),
    networkFee: money(q.networkFeeCents),
    paymentSubtotal: money(q.subtotalCents),
    paymentTotal: money(q.totalCents),
    purchaseAmount: {
      amount: formatBaseUnits(q.cryptoBaseUnits, facts.decimals),
      currency: req.asset.symbol,
    },
    quoteId: `${fees.id}:${randomBytes(9).toString('base64url')}`,
  }
}

/** An order priced now, payable on the sandbox page for onramp.orderTtlSeconds. */
async function sandboxOrder(ctx: ApiContext, fees: SandboxFees, req: PageRequest): Promise<string> {
  const { pageUrl, secret } = ctx.config.onramp
  if (!pageUrl || !secret)
    throw new ApiError(
      503,
      'The on-ramp provider page is not configured on this API (onramp.pageUrl, onramp.secret)',
    )
  const { facts, q } = await priced(ctx, fees, req)
  if (q.cryptoBaseUnits <= 0n) throw badRequest('presetFiatAmount is too small to buy any token')
  const now = Math.floor(Date.now() / 1000)
  const id = randomBytes(18).toString('base64url')
  const { asset } = req
  await ctx.repo.createOnrampOrder({
    id,
    projectId: req.projectId,
    provider: fees.id,
    address: req.address,
    chainId: asset.chainId,
    asset: asset.asset,
    symbol: asset.symbol,
    tokenAddress: asset.tokenAddress,
    decimals: facts.decimals,
    fiatCurrency: req.currency,
    paymentMethod: req.method,
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
  return url.href
}
