import { connectedState, fakeContext } from '@portico/plugin-testing'
import { describe, expect, it } from 'vitest'
import {
  balanceUnits,
  floorDecimal,
  gasCost,
  maxSlippageUnits,
  parsePositive,
  priceImpactPercent,
  providerFeeUnits,
} from './math.ts'

const evm = await fakeContext(connectedState('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).ctx.chains.evm()

describe('swap amount maths (bigint, exact)', () => {
  it('floors to the given decimals and trims zeros, never rounding up', () => {
    expect(floorDecimal(2_961_034_512_999n, 6, 6)).toBe('2961034.512999')
    expect(floorDecimal(2_961_034_512_999_999_999_999n, 18, 6)).toBe('2961.034512')
    expect(floorDecimal(999_999_999_999_999_999n, 18, 6)).toBe('0.999999')
    expect(floorDecimal(1_500_000n, 6, 6)).toBe('1.5')
    expect(floorDecimal(12n * 10n ** 18n, 18, 6)).toBe('12')
    expect(floorDecimal(1n, 18, 6)).toBe('0')
    expect(floorDecimal(0n, 6, 3)).toBe('0')
  })

  it('parses only plain positive amounts the token allows', () => {
    expect(parsePositive(evm, '1.5', 6)).toBe(1_500_000n)
    expect(parsePositive(evm, '.5', 18)).toBe(5n * 10n ** 17n)
    for (const bad of ['', '0', '0.0', '-1', '1e3', 'abc', '1.1234567', 'Infinity'])
      expect(parsePositive(evm, bad, 6)).toBeUndefined()
  })

  it('reads a balance with more fraction digits than the token as floored', () => {
    expect(balanceUnits(evm, '12.3456789', 6)).toBe(12_345_678n)
    expect(balanceUnits(evm, undefined, 6)).toBe(0n)
    expect(balanceUnits(evm, 'NaN', 6)).toBe(0n)
  })

  it('provider fee is 0.0085 of the source amount; max slippage the percent of the output', () => {
    expect(providerFeeUnits(10n ** 18n)).toBe(85n * 10n ** 14n)
    expect(providerFeeUnits(1_000_000n)).toBe(8_500n)
    expect(providerFeeUnits(117n)).toBe(0n)
    expect(maxSlippageUnits(2_961_000_000n, 1)).toBe(29_610_000n)
    expect(maxSlippageUnits(1000n, 0.5)).toBe(5n)
    expect(maxSlippageUnits(1000n, 500)).toBe(1000n)
  })

  it('price impact from USD values; undefined without prices; gas cost in wei and USD', () => {
    expect(priceImpactPercent(3000, 2961)).toBeCloseTo(1.3, 10)
    expect(priceImpactPercent(0, 2961)).toBeUndefined()
    expect(priceImpactPercent(3000, 0)).toBeUndefined()
    const { fee, usd } = gasCost(150_000n, 2_000_000_000n, 18, 3000)
    expect(fee).toBe(300_000_000_000_000n)
    expect(usd).toBeCloseTo(0.9, 10)
  })
})
