import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { evmHelpers } from './evm.ts'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('evm helpers', () => {
  it('checks behaviour §5 addresses: 40 hex, 0x optional, and a mixed-case checksum when there is one', () => {
    expect(evmHelpers.isAddress(TO)).toBe(true)
    expect(evmHelpers.isAddress(` ${TO} `)).toBe(true)
    expect(evmHelpers.isAddress(TO.slice(2))).toBe(true)
    expect(evmHelpers.isAddress(TO.toLowerCase())).toBe(true)
    expect(evmHelpers.isAddress(`0x${TO.slice(2).toUpperCase()}`)).toBe(true)
    // One letter's case flipped: a typo the checksum catches.
    expect(evmHelpers.isAddress(TO.replace('C51', 'c51'))).toBe(false)
    expect(evmHelpers.isAddress('0x1234')).toBe(false)
    expect(evmHelpers.isAddress(`${TO}0`)).toBe(false)
    expect(evmHelpers.isAddress(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(evmHelpers.isAddress(undefined as unknown as string)).toBe(false)
  })

  it('checksums an address, and throws on a non-address', () => {
    expect(evmHelpers.getAddress(TO.toLowerCase().slice(2))).toBe(TO)
    expect(() => evmHelpers.getAddress('0x12')).toThrow('Not an eip155 address')
  })

  it('encodes ERC-20 transfer calldata that viem decodes back', () => {
    const data = evmHelpers.encodeErc20Transfer(TO.toLowerCase(), 1_000_000n)
    expect(data.slice(0, 10)).toBe('0xa9059cbb')
    expect(decodeFunctionData({ abi: erc20Abi, data })).toEqual({
      functionName: 'transfer',
      args: [TO, 1_000_000n],
    })
    expect(
      evmHelpers.encodeFunctionData({
        abi: evmHelpers.erc20Abi,
        functionName: 'transfer',
        args: [TO, 1_000_000n],
      }),
    ).toBe(data)
  })

  it('refuses a bad receiver or an amount outside uint256', () => {
    expect(() => evmHelpers.encodeErc20Transfer('0x12', 1n)).toThrow('Not an eip155 address')
    expect(() => evmHelpers.encodeErc20Transfer(TO, -1n)).toThrow()
    expect(() => evmHelpers.encodeErc20Transfer(TO, 2n ** 256n)).toThrow()
  })
})
