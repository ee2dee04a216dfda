import { describe, expect, it } from 'vitest'
import { createFormatters } from './format.ts'

// Intl puts narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('locale formatting', () => {
  it('floors balances to 3 decimals (behaviour §5) and localises only the separators', () => {
    const value = '1234567.98765'
    expect(createFormatters('en').formatBalance(value)).toBe('1,234,567.987')
    expect(createFormatters('de').formatBalance(value)).toBe('1.234.567,987')
    expect(plain(createFormatters('fr').formatBalance(value))).toBe('1 234 567,987')
    expect(createFormatters('ja').formatBalance(value)).toBe('1,234,567.987')
    expect(createFormatters('tr').formatBalance(value)).toBe('1.234.567,987')
  })

  it('never rounds up, keeps big values exact, and shows 0.000 for bad input', () => {
    const de = createFormatters('de')
    expect(de.formatBalance('0.9999')).toBe('0,999')
    expect(de.formatBalance('123456789012345678901.123456')).toBe('123.456.789.012.345.678.901,123')
    expect(de.formatBalance(undefined)).toBe('0,000')
    expect(de.formatBalance('-5')).toBe('0,000')
    expect(de.formatBalance('1e5')).toBe('0,000')
    expect(createFormatters('en').formatBalance('abc')).toBe('0.000')
  })

  it('formats fiat amounts with 2 decimals in the locale', () => {
    expect(createFormatters('en').formatFiat(1234.5)).toBe('$1,234.50')
    expect(plain(createFormatters('de').formatFiat(1234.5))).toBe('1.234,50 $')
    expect(plain(createFormatters('de').formatFiat(1234.5, 'EUR'))).toBe('1.234,50 €')
    expect(createFormatters('ja').formatFiat(3, 'JPY')).toBe('￥3.00')
    expect(createFormatters('en').formatFiat(Number.NaN)).toBe('$0.00')
    expect(createFormatters('en').formatFiat(2, 'not a currency')).toBe('2.00 not a currency')
  })

  it('formats numbers and absolute dates per locale', () => {
    const date = Date.UTC(2026, 10, 23, 12, 0, 0)
    const options = { dateStyle: 'long', timeZone: 'UTC' } as const
    expect(createFormatters('en').formatDate(date, options)).toBe('November 23, 2026')
    expect(createFormatters('de').formatDate(date, options)).toBe('23. November 2026')
    expect(createFormatters('fr').formatDate(date, options)).toBe('23 novembre 2026')
    expect(createFormatters('ja').formatDate(date, options)).toBe('2026年11月23日')
    expect(createFormatters('en').formatDate(Number.NaN)).toBe('')
    expect(createFormatters('de').formatNumber(1234.5)).toBe('1.234,5')
    expect(createFormatters('en').formatNumber(1234.5)).toBe('1,234.5')
  })

  it('formats relative dates per locale', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0)
    const minutes = (n: number) => now - n * 60_000
    expect(createFormatters('en').formatRelativeTime(minutes(3), now)).toBe('3 minutes ago')
    expect(createFormatters('de').formatRelativeTime(minutes(3), now)).toBe('vor 3 Minuten')
    expect(createFormatters('es').formatRelativeTime(now - 86_400_000, now)).toBe('ayer')
    expect(createFormatters('fr').formatRelativeTime(now + 2 * 3_600_000, now)).toBe('dans 2 heures')
    expect(createFormatters('ja').formatRelativeTime(minutes(3), now)).toBe('3 分前')
    expect(createFormatters('en').formatRelativeTime(now, now)).toBe('now')
  })
})
