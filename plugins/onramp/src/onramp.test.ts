import { describe, expect, it } from 'vitest'
import { amountWithin, checkProviderUrl, currenciesOn, feesOf, methodsOf } from './onramp.ts'

const options = {
  purchaseCurrencies: [
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'a', display_name: 'A', chain_id: '31337', contract_address: '' }],
    },
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'b', display_name: 'B', chain_id: '1', contract_address: '0x1' }],
    },
  ],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
}

describe('on-ramp helpers', () => {
  it('offers the currencies of the active chain and the methods of a fiat', () => {
    expect(currenciesOn(options, '31337').map((c) => c.id)).toEqual(['eth'])
    expect(currenciesOn(options, '5')).toEqual([])
    expect(methodsOf(options, 'USD')).toEqual([{ id: 'card', limits: { min: '10.00', max: '7500.00' } }])
    expect(methodsOf(options, 'GBP')).toEqual([])
  })

  it('accepts amounts with at most 2 decimals within the limits only', () => {
    const limits = { min: '10.00', max: '7500.00' }
    for (const ok of ['10', '10.00', '7500', '123.4']) expect(amountWithin(ok, limits)).toBe(true)
    for (const bad of ['9.99', '7500.01', '1e3', '-10', '10.001', '', 'abc', '0x20'])
      expect(amountWithin(bad, limits), bad).toBe(false)
  })

  it('opens https pages anywhere and http pages on loopback only', () => {
    expect(checkProviderUrl('https://pay.example/buy?order=1')).toEqual({
      ok: true,
      url: 'https://pay.example/buy?order=1',
    })
    expect(checkProviderUrl('http://127.0.0.1:4202/buy?order=1').ok).toBe(true)
    expect(checkProviderUrl('http://localhost:4202/buy').ok).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>',
      'http://evil.example/buy',
      'not a url',
      'file:///etc/passwd',
    ])
      expect(checkProviderUrl(bad).ok, bad).toBe(false)
  })

  it('adds the provider and network fees', () => {
    const money = (amount: string) => ({ amount, currency: 'USD' })
    const quote = {
      coinbaseFee: money('1.50'),
      networkFee: money('0.50'),
      paymentSubtotal: money('98.00'),
      paymentTotal: money('100.00'),
      purchaseAmount: { amount: '0.03', currency: 'ETH' },
      quoteId: 'q',
    }
    expect(feesOf(quote)).toBe('2.00')
  })
})
