import { describe, expect, it } from 'vitest'
import { avatarColors } from './avatar.ts'
import { parseCaipAddress, parseCaipNetworkId } from './caip.ts'
import { floorDecimal, formatBalance, formatFiat, truncateAddress } from './format.ts'

describe('formatBalance', () => {
  it('floors to 3 decimals and groups thousands', () => {
    expect(formatBalance('10000.9999')).toBe('10,000.999')
    expect(formatBalance('1.5')).toBe('1.500')
    expect(formatBalance('0.0009')).toBe('0.000')
  })
  it('shows 0.000 for invalid or zero', () => {
    expect(formatBalance(undefined)).toBe('0.000')
    expect(formatBalance('abc')).toBe('0.000')
    expect(formatBalance('0')).toBe('0.000')
    expect(formatBalance('-1')).toBe('0.000')
  })
  it('floors arbitrary precision', () => {
    expect(floorDecimal('123456789012345678901.123456789', 2)).toBe('123,456,789,012,345,678,901.12')
  })
})

describe('formatFiat and truncateAddress', () => {
  it('formats fiat with 2 decimals', () => {
    expect(formatFiat(1234.567)).toBe('$1,234.57')
    expect(formatFiat(Number.NaN)).toBe('$0.00')
  })
  it('keeps 4 leading and 6 trailing characters', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266')
  })
})

describe('CAIP parsing', () => {
  it('parses a valid CAIP address and network id', () => {
    expect(parseCaipAddress('eip155:1:0xabc')).toEqual({
      namespace: 'eip155',
      chainId: '1',
      address: '0xabc',
    })
    expect(parseCaipNetworkId('solana:abc')).toEqual({ namespace: 'solana', chainId: 'abc' })
  })
  it.each(['eip155:1', 'foo:1:0xabc', 'eip155::0xabc', 'eip155:1:0xabc:extra'])('rejects %s', (value) => {
    expect(() => parseCaipAddress(value)).toThrow('Invalid CAIP Address')
  })
  it('rejects a network id without 2 parts', () => {
    expect(() => parseCaipNetworkId('eip155:1:2')).toThrow('Invalid CAIP Address')
  })
})

describe('avatarColors', () => {
  it('derives 5 tints at 15% steps from the first 6 hex characters', () => {
    const colors = avatarColors('0xff0000aaaa')
    expect(colors).toHaveLength(5)
    expect(colors[0]).toBe('rgb(255, 0, 0)')
    expect(colors[1]).toBe('rgb(255, 38, 38)')
    expect(colors[4]).toBe('rgb(255, 153, 153)')
  })
})
