import type {
  OnrampOptionsResponse,
  OnrampProviderInfo,
  OnrampQuoteResponse,
} from '@portico/shared-types/api'

export type Provider = OnrampProviderInfo

/**
 * behaviour §9's two sandbox providers, offered on every network only when the options name no providers:
 * the kernel's built-in sample options (behaviour §8) carry no list, and neither does an older API.
 */
export const SAMPLE_PROVIDERS: readonly Provider[] = [
  { id: 'portico-pay', name: 'Portico Pay', quotes: true, networks: [] },
  { id: 'demo-ramp', name: 'Demo Ramp', quotes: true, networks: [] },
]

/** The providers that deliver on this chain, in the API's order (the order quotes are shown). */
export function providersOn(options: OnrampOptionsResponse, chainId: string): readonly Provider[] {
  if (!options.providers) return SAMPLE_PROVIDERS
  return options.providers.filter((p) => p.networks.includes(`eip155:${chainId}`))
}

/** A provider's display name (its id when the options no longer name it). */
export function providerName(options: OnrampOptionsResponse | undefined, id: string): string {
  return (options?.providers ?? SAMPLE_PROVIDERS).find((p) => p.id === id)?.name ?? id
}

export type Currency = OnrampOptionsResponse['purchaseCurrencies'][number]

/** What can be bought on a chain: currencies with a network of that chain id. */
export function currenciesOn(options: OnrampOptionsResponse, chainId: string): Currency[] {
  return options.purchaseCurrencies.filter((c) => c.networks.some((n) => n.chain_id === chainId))
}

export interface Limits {
  min: string
  max: string
}

/** The payment methods of a fiat currency with their limits. */
export function methodsOf(options: OnrampOptionsResponse, fiat: string): { id: string; limits: Limits }[] {
  const currency = options.paymentCurrencies.find((c) => c.id === fiat)
  return (currency?.payment_method_limits ?? []).map((m) => ({
    id: m.id,
    limits: { min: m.min, max: m.max },
  }))
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/

/** Whether `text` is an amount with at most 2 decimals within the limits. */
export function amountWithin(text: string, limits: Limits): boolean {
  if (!AMOUNT.test(text.trim())) return false
  const value = Number(text)
  return value >= Number(limits.min) && value <= Number(limits.max)
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The URL as a web page address we may open: https anywhere, http on loopback only; else why not. */
export function checkProviderUrl(text: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, reason: 'not a URL' }
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    return { ok: true, url: url.href }
  return { ok: false, reason: `${url.protocol} is not allowed` }
}

export type Quote = OnrampQuoteResponse & { placeholder?: true }

/** Fees of a quote (provider + network), as a 2-decimal string. */
export function feesOf(quote: Quote): string {
  return (Number(quote.coinbaseFee.amount) + Number(quote.networkFee.amount)).toFixed(2)
}

/** The amounts offered as one-tap choices, in the payment currency. */
export const AMOUNT_PRESETS = ['50', '100', '250'] as const

/** The presets a method accepts (a method whose minimum is above 50 offers fewer). */
export const presetsWithin = (limits: Limits): string[] =>
  AMOUNT_PRESETS.filter((amount) => amountWithin(amount, limits))

const fiatFormats = new Map<string, Intl.NumberFormat>()

/**
 * An amount in a fiat currency as people read it ("$2.75", "€50.00"); a code Intl does not know
 * shows as "2.75 XYZ". `format` is the modal's own formatter when it has one (its locale).
 */
export function formatMoney(
  amount: number,
  currency: string,
  format?: (value: number, currency: string) => string,
): string {
  const safe = Number.isFinite(amount) ? amount : 0
  if (format) return format(safe, currency)
  try {
    let formatter = fiatFormats.get(currency)
    if (!formatter) {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      fiatFormats.set(currency, formatter)
    }
    return formatter.format(safe)
  } catch {
    return `${safe.toFixed(2)} ${currency}`
  }
}
