import type { SwapTokenInfo } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { canSwap, isInsufficient, type QuoteInputs, quotedUnits, quoteView } from './quote.ts'

const token = (symbol: string, contract: string, decimals: number, price: number): SwapTokenInfo => ({
  address: `eip155:31337:${contract}`,
  symbol,
  name: symbol,
  decimals,
  logoUri: '',
  quantity: { decimals: String(decimals), numeric: '0' },
  price,
})
const ETH = token('ETH', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 18, 3000)
const USDC = token('USDC', `0x${'1'.repeat(40)}`, 6, 1)
const E18 = 10n ** 18n

const base: QuoteInputs = {
  source: ETH,
  toToken: USDC,
  sourceUnits: E18,
  toUnits: 2_961_034_512n,
  sourceBalanceUnits: 10n * E18,
  nativeBalanceUnits: 10n * E18,
  nativeDecimals: 18,
  nativePrice: 3000,
  gas: 150_000n,
  gasPrice: 1_000_000_000n,
  slippage: 1,
  isSmartAccount: false,
}

describe('quote → view model (behaviour §4 step 3)', () => {
  it('destination with 6 decimals, gas in USD, price impact, max slippage and the provider fee', () => {
    expect(quoteView(base)).toEqual({
      toTokenAmount: '2961.034512',
      gasFee: '150000000000000',
      gasPriceInUSD: expect.closeTo(0.45, 10),
      priceImpact: expect.closeTo(1.298849, 5),
      maxSlippage: '29.610345',
      providerFee: '0.0085',
    })
  })

  it('an 18-decimals destination is floored to 6 decimals', () => {
    const view = quoteView({
      ...base,
      toToken: { ...USDC, decimals: 18 },
      toUnits: 1_234_567_890_123_456_789n,
    })
    expect(view.toTokenAmount).toBe('1.234567')
  })

  it("'Insufficient balance' above the source balance, and no cost figures then", () => {
    const view = quoteView({ ...base, sourceBalanceUnits: E18 - 1n })
    expect(view).toEqual({
      toTokenAmount: '2961.034512',
      inputError: 'Insufficient balance',
      gasFee: '150000000000000',
    })
  })

  it('a native source must cover amount and gas; the gas rule holds in wei without a price', () => {
    expect(isInsufficient({ ...base, fee: 1n, nativeBalanceUnits: E18, sourceBalanceUnits: E18 })).toBe(true)
    expect(
      isInsufficient({ ...base, fee: 1n, nativeBalanceUnits: E18 + 1n, sourceBalanceUnits: E18 + 1n }),
    ).toBe(false)
    const tokenSource = { ...base, source: USDC, sourceUnits: 5n, sourceBalanceUnits: 5n, fee: 100n }
    expect(isInsufficient({ ...tokenSource, nativeBalanceUnits: 0n })).toBe(true)
    expect(isInsufficient({ ...tokenSource, nativePrice: 0, nativeBalanceUnits: 99n })).toBe(true)
    expect(isInsufficient({ ...tokenSource, nativePrice: 0, nativeBalanceUnits: 100n })).toBe(false)
  })

  it('a smart account is never short of gas, but still of the source token', () => {
    const tokenSource = {
      ...base,
      source: USDC,
      sourceUnits: 5n,
      sourceBalanceUnits: 5n,
      fee: 100n,
      nativeBalanceUnits: 0n,
    }
    expect(isInsufficient({ ...tokenSource, isSmartAccount: true })).toBe(false)
    expect(isInsufficient({ ...tokenSource, isSmartAccount: true, sourceBalanceUnits: 4n })).toBe(true)
  })

  it('reads quotes[0].toAmount; none, zero or garbage is no amount (Incorrect amount)', () => {
    expect(quotedUnits({ quotes: [{ toAmount: '2961034512' }] })).toBe(2_961_034_512n)
    expect(quotedUnits({ quotes: [] })).toBeUndefined()
    expect(quotedUnits({ quotes: [{ toAmount: '0' }] })).toBeUndefined()
    expect(quotedUnits({ quotes: [{ toAmount: '-5' }] })).toBeUndefined()
    expect(quotedUnits({ quotes: [{ toAmount: '9'.repeat(101) }] })).toBeUndefined()
  })

  it('behaviour §5: a swap needs both tokens and an amount above 0', () => {
    expect(canSwap(ETH, USDC, 1n)).toBe(true)
    expect(canSwap(undefined, USDC, 1n)).toBe(false)
    expect(canSwap(ETH, undefined, 1n)).toBe(false)
    expect(canSwap(ETH, USDC, 0n)).toBe(false)
    expect(canSwap(ETH, USDC, undefined)).toBe(false)
  })
})
