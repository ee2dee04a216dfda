import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.ts'
import { dexFromFixture, MAX_POOLS_PER_DEX } from './dexConfig.ts'

const a = (digit: string) => `0x${digit.repeat(40)}`
const dex = {
  router: a('1'),
  factory: a('2'),
  weth: a('3'),
  pairs: [{ tokenA: a('3'), tokenB: a('4'), pair: a('5') }],
}

describe('dexFromFixture', () => {
  it('reads a fixture DEX with checksummed addresses, and resolveConfig lists it per chain', () => {
    expect(dexFromFixture(7, dex)).toEqual({
      chainId: 7,
      router: '0x1111111111111111111111111111111111111111',
      factory: '0x2222222222222222222222222222222222222222',
      weth: '0x3333333333333333333333333333333333333333',
      pools: [
        {
          tokenA: '0x3333333333333333333333333333333333333333',
          tokenB: '0x4444444444444444444444444444444444444444',
          pair: '0x5555555555555555555555555555555555555555',
        },
      ],
    })
    expect(resolveConfig({ fixtures: { 7: { dex } } }).dexes.map((d) => d.chainId)).toEqual([7])
    expect(resolveConfig({}).dexes).toEqual([])
  })

  it('refuses a non-address anywhere and too many pools', () => {
    expect(() => dexFromFixture(7, { ...dex, router: 'javascript:alert(1)' })).toThrow(
      /router is not an address/,
    )
    expect(() =>
      dexFromFixture(7, { ...dex, pairs: [{ tokenA: a('3'), tokenB: 'x', pair: a('5') }] }),
    ).toThrow(/pairs\[0\]\.tokenB is not an address/)
    const many = Array.from(
      { length: MAX_POOLS_PER_DEX + 1 },
      () => dex.pairs[0] as (typeof dex.pairs)[number],
    )
    expect(() => dexFromFixture(7, { ...dex, pairs: many })).toThrow(/at most 50/)
    expect(() => dexFromFixture(7, { ...dex, pairs: 'no' as never })).toThrow(/must be a list/)
  })
})
