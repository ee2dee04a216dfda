import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MOONPAY_LIVE_WIDGET, moonpayWidgetUrl, signMoonpayQuery } from './moonpayUrl.ts'

/** MoonPay's published signing example (key, URL, recipe) with the signature computed by openssl. */
const vector = JSON.parse(
  readFileSync(new URL('../../test/fixtures/moonpay-url-signing.json', import.meta.url), 'utf8'),
) as { secretKey: string; apiKey: string; url: string; query: string; signature: string }

describe('MoonPay widget URL signing', () => {
  it('signs the docs example query to the expected signature', () => {
    expect(new URL(vector.url).search).toBe(vector.query)
    expect(signMoonpayQuery(vector.secretKey, vector.query)).toBe(vector.signature)
  })

  it('builds the docs example URL with the signature appended last, URL-encoded', () => {
    const url = moonpayWidgetUrl(
      { apiKey: vector.apiKey, secretKey: vector.secretKey },
      { currencyCode: 'eth', walletAddress: '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae' },
    )
    expect(url).toBe(
      `https://buy-sandbox.moonpay.com/${vector.query}&signature=${encodeURIComponent(vector.signature)}`,
    )
    expect(new URL(url).searchParams.get('signature')).toBe(vector.signature)
  })

  it('opens production with live keys and signs every pre-filled value', () => {
    const keys = { apiKey: 'pk_live_abc', secretKey: 'sk_live_def' }
    const url = new URL(
      moonpayWidgetUrl(keys, {
        currencyCode: 'usdc_base',
        walletAddress: `0x${'ab'.repeat(20)}`,
        baseCurrencyCode: 'eur',
        baseCurrencyAmount: '250.00',
        externalCustomerId: 'user:42',
      }),
    )
    expect(url.origin + url.pathname).toBe(MOONPAY_LIVE_WIDGET)
    const signed = url.search.slice(0, url.search.lastIndexOf('&signature='))
    expect(signed).toBe(
      `?apiKey=pk_live_abc&currencyCode=usdc_base&walletAddress=0x${'ab'.repeat(20)}&baseCurrencyCode=eur&baseCurrencyAmount=250.00&externalCustomerId=user%3A42`,
    )
    expect(url.searchParams.get('signature')).toBe(signMoonpayQuery(keys.secretKey, signed))
  })
})
