// @vitest-environment node
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { MAX_ONRAMP_PROVIDER_NAME, MAX_ONRAMP_PROVIDERS, OnrampOptionsSchema } from './schemas.ts'

/**
 * GET /v1/onramp/options names the providers the Buy view lists and sends back as `provider`: a hostile
 * or broken API must not flood the view, spoof a name with bidi or control characters, or make the
 * view send an id it would never send.
 */
const provider = (overrides: Record<string, unknown> = {}) => ({
  id: 'moonpay',
  name: 'MoonPay',
  quotes: false,
  networks: ['eip155:1'],
  ...overrides,
})
const options = (providers: unknown) => ({ purchaseCurrencies: [], paymentCurrencies: [], providers })
const providersOf = (providers: unknown) => v.parse(OnrampOptionsSchema, options(providers)).providers

describe('on-ramp providers from the API (hostile answers)', () => {
  it('keeps a well-formed list in its order', () => {
    const list = [
      provider({ id: 'portico-pay', name: 'Portico Pay', quotes: true, networks: ['eip155:31337'] }),
      provider(),
    ]
    expect(providersOf(list)).toEqual(list)
  })

  it('refuses the whole answer past the provider bound, without reading 10,000 items', () => {
    const flood = Array.from({ length: 10_000 }, (_, i) => provider({ id: `p${i}` }))
    expect(v.safeParse(OnrampOptionsSchema, options(flood)).success).toBe(false)
    const atBound = Array.from({ length: MAX_ONRAMP_PROVIDERS }, (_, i) => provider({ id: `p${i}` }))
    expect(providersOf(atBound)).toHaveLength(MAX_ONRAMP_PROVIDERS)
  })

  it('removes control and bidi characters from names', () => {
    const name = '\u202eyaPnooM\u202c\u0000 \u2066Pay\u2069\u200f\n'
    expect(providersOf([provider({ name })])?.[0]?.name).toBe('yaPnooM Pay')
  })

  it.each<[string, Record<string, unknown>]>([
    ['an over-long name', { name: 'M'.repeat(MAX_ONRAMP_PROVIDER_NAME + 1) }],
    ['a name that is only control characters', { name: '\u202e\u0007 ' }],
    ['a name that is not text', { name: { toString: () => 'MoonPay' } }],
    ['an id smuggling a parameter', { id: 'moonpay&provider=x' }],
    ['an upper-case id', { id: 'MoonPay' }],
    ['an over-long id', { id: 'm'.repeat(33) }],
    ['quotes that is not a boolean', { quotes: 'false' }],
    ['a network that is not CAIP-2', { networks: ['javascript:alert(1)'] }],
    ['too many networks', { networks: Array.from({ length: 65 }, (_, i) => `eip155:${i + 1}`) }],
  ])('drops a provider with %s and keeps the others', (_what, overrides) => {
    const good = provider({ id: 'portico-pay', name: 'Portico Pay' })
    expect(providersOf([provider(overrides), good])).toEqual([good])
  })

  it('keeps the first of providers sharing an id', () => {
    expect(providersOf([provider(), provider({ name: 'Other' })])).toEqual([provider()])
  })

  it('leaves the list absent when the API does not send one', () => {
    expect(
      v.parse(OnrampOptionsSchema, { purchaseCurrencies: [], paymentCurrencies: [] }),
    ).not.toHaveProperty('providers')
  })
})
