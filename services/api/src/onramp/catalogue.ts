/**
 * The on-ramp's fixed catalogue (behaviour §9): two sandbox providers, each with a fee between 1 and 2 %,
 * card 10.00–7,500.00 and bank account (ach) 10.00–25,000.00, in USD and EUR; ETH and USDC to buy.
 */
export interface SandboxFees {
  id: string
  name: string
  /** Fee in basis points per payment method (100–200: 1–2 %). */
  feeBps: Record<PaymentMethodId, number>
  /** Flat network fee in cents of the payment currency. */
  networkFeeCents: number
}

export const PAYMENT_METHODS = ['card', 'ach_bank_account'] as const
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number]

/** Cents: card 10.00–7,500.00; ach 10.00–25,000.00 (behaviour §9). */
export const METHOD_LIMITS: Record<PaymentMethodId, { min: bigint; max: bigint }> = {
  card: { min: 1_000n, max: 750_000n },
  ach_bank_account: { min: 1_000n, max: 2_500_000n },
}

export const PAYMENT_CURRENCIES = ['USD', 'EUR'] as const
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number]

/** US dollars per unit of a payment currency (prices are stored in USD). */
export const USD_PER: Record<PaymentCurrency, { num: bigint; den: bigint }> = {
  USD: { num: 1n, den: 1n },
  EUR: { num: 108n, den: 100n },
}

export const SANDBOX_PROVIDERS: readonly SandboxFees[] = [
  {
    id: 'portico-pay',
    name: 'Portico Pay',
    feeBps: { card: 150, ach_bank_account: 100 },
    networkFeeCents: 50,
  },
  { id: 'demo-ramp', name: 'Demo Ramp', feeBps: { card: 200, ach_bank_account: 125 }, networkFeeCents: 25 },
]
export function sandboxFeesById(id: string): SandboxFees | undefined {
  return SANDBOX_PROVIDERS.find((p) => p.id === id)
}

/** What can be bought: the chain's native ETH and the configured token labelled USDC. */
export const ASSETS = [
  { id: 'eth', name: 'Ether', symbol: 'ETH' },
  { id: 'usdc', name: 'USD Coin', symbol: 'USDC' },
] as const
export type AssetId = (typeof ASSETS)[number]['id']

/** Displayed and delivered amounts keep at most this many decimals (what is shown is what is sent). */
export const MAX_CRYPTO_DECIMALS = 8

/** "12.34" → 1234n cents, or null when it is not a plain amount with at most 2 decimals. */
export function parseFiatCents(text: string): bigint | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

export function formatBaseUnits(value: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals)
  const whole = value / unit
  const frac = (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}
