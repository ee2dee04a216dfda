/**
 * Numbers, currency and dates for a locale through Intl. Balances keep the behaviour §5 rule (floored to
 * 3 decimals, 0.000 when invalid or zero): only their separators are localised.
 */
import { floorDecimal } from '../chains/format.ts'

export interface Formatters {
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string
  /** A balance as a decimal string, floored to 3 decimals, in the locale's separators. */
  formatBalance(value: string | undefined): string
  /** A fiat amount with 2 decimals (USD unless `currency` says otherwise). */
  formatFiat(value: number | undefined, currency?: string): string
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string
  /** "3 minutes ago", "yesterday", "in 2 hours" relative to `now` (default: the current time). */
  formatRelativeTime(value: Date | number, now?: Date | number): string
}

const CACHE_LIMIT = 64

function cached<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear()
    value = create()
    cache.set(key, value)
  }
  return value
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

const time = (value: Date | number) => (typeof value === 'number' ? value : value.getTime())

/** Formatters bound to one BCP 47 locale (already validated). */
export function createFormatters(locale: string): Formatters {
  const numbers = new Map<string, Intl.NumberFormat>()
  const dates = new Map<string, Intl.DateTimeFormat>()
  const number = (options: Intl.NumberFormatOptions = {}) =>
    cached(numbers, JSON.stringify(options), () => new Intl.NumberFormat(locale, options))
  let relative: Intl.RelativeTimeFormat | undefined
  return {
    formatNumber: (value, options) => number(options).format(value),
    formatBalance(value) {
      const floored = floorDecimal(value, 3).replaceAll(',', '') as `${number}`
      return number({ minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(floored)
    },
    formatFiat(value, currency = 'USD') {
      const amount = Number.isFinite(value) ? (value as number) : 0
      const options = { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }
      try {
        return number(options as Intl.NumberFormatOptions).format(amount)
      } catch {
        // Not an ISO 4217 code: the amount with the code beside it.
        return `${number({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`
      }
    },
    formatDate(value, options = { dateStyle: 'medium' }) {
      if (!Number.isFinite(time(value))) return ''
      return cached(dates, JSON.stringify(options), () => new Intl.DateTimeFormat(locale, options)).format(
        value,
      )
    },
    formatRelativeTime(value, now = Date.now()) {
      relative ??= new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
      if (!Number.isFinite(time(value)) || !Number.isFinite(time(now))) return ''
      const seconds = (time(value) - time(now)) / 1000
      for (const [unit, size] of RELATIVE_UNITS) {
        if (Math.abs(seconds) >= size || unit === 'second') {
          return relative.format(Math.trunc(seconds / size), unit)
        }
      }
      return relative.format(0, 'second')
    },
  }
}
