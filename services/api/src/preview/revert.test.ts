import { encodeErrorResult, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRevert } from './revert.ts'

const abi = parseAbi([
  'error Error(string)',
  'error Panic(uint256)',
  'error InsufficientBalance(uint256 available, uint256 required)',
])

describe('revert reasons', () => {
  it('reads Error(string) and makes it display-safe', () => {
    const data = encodeErrorResult({ abi, errorName: 'Error', args: ['Not\u202e enough\u200b funds'] })
    expect(decodeRevert(data)).toEqual({ kind: 'error', reason: 'Not enough funds' })
  })

  it('names a panic by its code', () => {
    const data = encodeErrorResult({ abi, errorName: 'Panic', args: [0x11n] })
    expect(decodeRevert(data)).toEqual({
      kind: 'panic',
      code: 0x11n,
      reason: 'arithmetic overflow or underflow',
    })
  })

  it('gives a custom error’s selector, and nothing for empty revert data', () => {
    const data = encodeErrorResult({ abi, errorName: 'InsufficientBalance', args: [1n, 2n] })
    expect(decodeRevert(data)).toEqual({ kind: 'custom', selector: data.slice(0, 10) })
    expect(decodeRevert('0x')).toEqual({ kind: 'empty' })
  })

  it('treats a malformed Error(string) as a custom error rather than inventing a reason', () => {
    expect(decodeRevert('0x08c379a0ffff')).toEqual({ kind: 'custom', selector: '0x08c379a0' })
  })
})
