import type { UnitsError } from '@portico/shared-types/plugin'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../../errors/base.ts'
import { formatUnits, parseUnits } from './units.ts'

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return { name: (error as UnitsError).name, code: (error as UnitsError).code }
  }
  throw new Error('expected a throw')
}

describe('parseUnits / formatUnits', () => {
  it('parses plain decimals exactly', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n)
    expect(parseUnits('.5', 18)).toBe(5n * 10n ** 17n)
    expect(parseUnits('5.', 2)).toBe(500n)
    expect(parseUnits(' 12.3456780 ', 6)).toBe(12_345_678n)
    expect(parseUnits('0', 0)).toBe(0n)
    // Beyond Number precision: no floating point on the way.
    expect(parseUnits('123456789012345678901234567890.123456789012345678', 18)).toBe(
      123456789012345678901234567890123456789012345678n,
    )
  })

  it("is the kernel's error family too: a PorticoError whose code is the contract's", () => {
    let caught: unknown
    try {
      parseUnits('1.5', 0)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(PorticoError)
    expect(caught).toMatchObject({ name: 'UnitsError', code: 'tooManyDecimals' })
  })

  it('never rounds: more significant fraction digits than decimals is a tooManyDecimals UnitsError', () => {
    expect(failure(() => parseUnits('1.1234567', 6))).toEqual({ name: 'UnitsError', code: 'tooManyDecimals' })
    expect(failure(() => parseUnits('1.5', 0))).toEqual({ name: 'UnitsError', code: 'tooManyDecimals' })
    expect(parseUnits('1.50', 1)).toBe(15n)
  })

  it.each([
    '',
    '.',
    'abc',
    '-1',
    '1e3',
    '0x10',
    '1,5',
    '1.2.3',
    ' ',
    'Infinity',
    '1'.repeat(201),
  ])('refuses %j as an invalidAmount UnitsError', (value) => {
    expect(failure(() => parseUnits(value, 6))).toEqual({ name: 'UnitsError', code: 'invalidAmount' })
  })

  it('refuses decimals outside 0–255', () => {
    for (const decimals of [-1, 1.5, 256, Number.NaN])
      expect(failure(() => parseUnits('1', decimals)).code).toBe('invalidDecimals')
    expect(failure(() => formatUnits(1n, 1e9)).code).toBe('invalidDecimals')
  })

  it('formats back', () => {
    expect(formatUnits(12_345_678n, 6)).toBe('12.345678')
    expect(formatUnits(10n ** 18n, 18)).toBe('1')
    expect(formatUnits(5_000n, 9)).toBe('0.000005')
  })
})
