import { describe, expect, it } from 'vitest'
import { formatBaseUnits, formatCents, parseFiatCents, SANDBOX_PROVIDERS } from './catalogue.ts'
import { computeQuote, QuoteError } from './quote.ts'

const [pay, ramp] = SANDBOX_PROVIDERS as [
  (typeof SANDBOX_PROVIDERS)[number],
  (typeof SANDBOX_PROVIDERS)[number],
]

describe('on-ramp quote maths', () => {
  it('takes the fee (half up) and the network fee from the total and buys at the price', () => {
    const q = computeQuote({
      provider: pay,
      method: 'card',
      currency: 'USD',
      totalCents: 10_000n,
      priceUsd: 3000,
      decimals: 18,
    })
    expect(q.feeCents).toBe(150n)
    expect(q.networkFeeCents).toBe(50n)
    expect(q.subtotalCents).toBe(9_800n)
    // 98.00 / 3000 = 0.03266666… floored to 8 decimals
    expect(formatBaseUnits(q.cryptoBaseUnits, 18)).toBe('0.03266666')
  })

  it('gives each provider its own fee within 1–2 %', () => {
    for (const p of SANDBOX_PROVIDERS)
      for (const bps of Object.values(p.feeBps)) {
        expect(bps).toBeGreaterThanOrEqual(100)
        expect(bps).toBeLessThanOrEqual(200)
      }
    const a = computeQuote({
      provider: pay,
      method: 'card',
      currency: 'USD',
      totalCents: 50_000n,
      priceUsd: 1,
      decimals: 6,
    })
    const b = computeQuote({
      provider: ramp,
      method: 'card',
      currency: 'USD',
      totalCents: 50_000n,
      priceUsd: 1,
      decimals: 6,
    })
    expect(formatBaseUnits(a.cryptoBaseUnits, 6)).toBe('492')
    expect(formatBaseUnits(b.cryptoBaseUnits, 6)).toBe('489.75')
  })

  it('converts EUR at the fixed rate', () => {
    const q = computeQuote({
      provider: pay,
      method: 'ach_bank_account',
      currency: 'EUR',
      totalCents: 10_800n,
      priceUsd: 1,
      decimals: 6,
    })
    // 108.00 − 1.08 − 0.50 = 106.42 EUR at 1 USDC = 1/1.08 EUR → 114.9336 USDC
    expect(Number(formatBaseUnits(q.cryptoBaseUnits, 6))).toBeCloseTo(114.9336, 3)
  })

  it('refuses amounts outside the method limits (behaviour §9)', () => {
    const base = { provider: pay, currency: 'USD' as const, priceUsd: 1, decimals: 6 }
    expect(() => computeQuote({ ...base, method: 'card', totalCents: 999n })).toThrow(QuoteError)
    expect(() => computeQuote({ ...base, method: 'card', totalCents: 750_001n })).toThrow(
      /10\.00 and 7500\.00/,
    )
    expect(() => computeQuote({ ...base, method: 'ach_bank_account', totalCents: 2_500_000n })).not.toThrow()
    expect(() => computeQuote({ ...base, method: 'ach_bank_account', totalCents: 2_500_001n })).toThrow(
      /25000\.00/,
    )
  })

  it('parses plain fiat amounts only', () => {
    expect(parseFiatCents('12.3')).toBe(1230n)
    expect(parseFiatCents('10')).toBe(1000n)
    for (const bad of ['', '1e3', '-5', '1.234', '0x10', ' 5', '1,000', '9999999999'])
      expect(parseFiatCents(bad)).toBeNull()
    expect(formatCents(123456n)).toBe('1234.56')
  })
})
