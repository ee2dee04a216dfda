import { describe, expect, it } from 'vitest'
import {
  MoonpayUrlError,
  type MoonpayWidgetParams,
  moonpayWidgetUrl,
  signMoonpayQuery,
} from './moonpayUrl.ts'

const keys = { apiKey: 'pk_test_key', secretKey: 'sk_test_key' }
const good: MoonpayWidgetParams = {
  currencyCode: 'eth',
  walletAddress: `0x${'1'.repeat(40)}`,
  baseCurrencyCode: 'usd',
  baseCurrencyAmount: '100.00',
  externalCustomerId: 'user-1',
}

describe('MoonPay widget URL under attack', () => {
  it('builds the good request (the baseline the cases below break)', () => {
    expect(() => moonpayWidgetUrl(keys, good)).not.toThrow()
  })

  it.each<[string, Partial<MoonpayWidgetParams>]>([
    ['a second parameter in the wallet address', { walletAddress: `0x${'1'.repeat(40)}&currencyCode=btc` }],
    ['a wallet address with a fragment', { walletAddress: `0x${'1'.repeat(40)}#x` }],
    ['a non-hex wallet address', { walletAddress: `0x${'g'.repeat(40)}` }],
    ['a parameter in the currency code', { currencyCode: 'eth&walletAddress=0xevil' }],
    ['an encoded parameter in the currency code', { currencyCode: 'eth%26x%3Dy' }],
    ['an upper-case or spaced currency code', { currencyCode: 'ETH ' }],
    ['a parameter in the fiat code', { baseCurrencyCode: 'usd&redirectURL=https://evil.test' }],
    ['an over-long currency code', { currencyCode: 'e'.repeat(200) }],
    ['an over-long amount', { baseCurrencyAmount: '9'.repeat(50) }],
    ['an exponent amount', { baseCurrencyAmount: '1e9' }],
    ['an over-long customer id', { externalCustomerId: 'u'.repeat(129) }],
    ['a customer id with a separator', { externalCustomerId: 'u&signature=x' }],
    ['a missing wallet address', { walletAddress: undefined as unknown as string }],
  ])('refuses %s instead of signing it', (_what, change) => {
    expect(() => moonpayWidgetUrl(keys, { ...good, ...change })).toThrow(MoonpayUrlError)
  })

  it('refuses a configured api key that would add a parameter', () => {
    expect(() => moonpayWidgetUrl({ ...keys, apiKey: 'pk_test_x&walletAddress=0xevil' }, good)).toThrow(
      MoonpayUrlError,
    )
  })

  it('signs exactly what it sends: changing any value breaks the signature', () => {
    const url = new URL(moonpayWidgetUrl(keys, good))
    const signature = url.searchParams.get('signature')
    const query = url.search.slice(0, url.search.lastIndexOf('&signature='))
    expect(signMoonpayQuery(keys.secretKey, query)).toBe(signature)
    for (const [name, value] of Object.entries(good)) {
      const altered = query.replace(
        `${name}=${encodeURIComponent(value)}`,
        `${name}=${encodeURIComponent(`${value}0`)}`,
      )
      expect(altered).not.toBe(query)
      expect(signMoonpayQuery(keys.secretKey, altered)).not.toBe(signature)
    }
  })
})
