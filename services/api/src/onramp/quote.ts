import {
  formatBaseUnits,
  formatCents,
  MAX_CRYPTO_DECIMALS,
  METHOD_LIMITS,
  type PaymentCurrency,
  type PaymentMethodId,
  type SandboxFees,
  USD_PER,
} from './catalogue.ts'

export interface QuoteInput {
  provider: SandboxFees
  method: PaymentMethodId
  currency: PaymentCurrency
  /** What the visitor pays, fees included, in cents. */
  totalCents: bigint
  /** The token's price in USD (from the price table). */
  priceUsd: number
  decimals: number
}

export interface QuoteNumbers {
  feeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  totalCents: bigint
  /** Delivered amount in the token's base units, floored to MAX_CRYPTO_DECIMALS decimals. */
  cryptoBaseUnits: bigint
}

export class QuoteError extends Error {}

/**
 * Fees are taken from the total (fee = total × rate, half up; plus the provider's flat network fee);
 * what remains buys the token at its price converted to the payment currency, rounded down.
 */
export function computeQuote(q: QuoteInput): QuoteNumbers {
  const limits = METHOD_LIMITS[q.method]
  if (q.totalCents < limits.min || q.totalCents > limits.max)
    throw new QuoteError(
      `amount must be between ${formatCents(limits.min)} and ${formatCents(limits.max)} ${q.currency} for ${q.method}`,
    )
  if (!Number.isFinite(q.priceUsd) || q.priceUsd <= 0) throw new QuoteError('No price for this token')
  const feeCents = (q.totalCents * BigInt(q.provider.feeBps[q.method]) + 5_000n) / 10_000n
  const networkFeeCents = BigInt(q.provider.networkFeeCents)
  const subtotalCents = q.totalCents - feeCents - networkFeeCents
  // Price in micro-units of the payment currency: USD price × 1e6 ÷ (USD per unit of currency).
  const fx = USD_PER[q.currency]
  const priceMicrosUsd = BigInt(Math.round(q.priceUsd * 1e6))
  const priceMicros = (priceMicrosUsd * fx.den) / fx.num
  if (priceMicros <= 0n) throw new QuoteError('No price for this token')
  // subtotal (cents) / 100 / (priceMicros / 1e6) tokens = subtotal × 1e4 / priceMicros tokens.
  const raw = (subtotalCents * 10_000n * 10n ** BigInt(q.decimals)) / priceMicros
  const step = 10n ** BigInt(Math.max(0, q.decimals - MAX_CRYPTO_DECIMALS))
  return {
    feeCents,
    networkFeeCents,
    subtotalCents,
    totalCents: q.totalCents,
    cryptoBaseUnits: (raw / step) * step,
  }
}

export { formatBaseUnits, formatCents }
