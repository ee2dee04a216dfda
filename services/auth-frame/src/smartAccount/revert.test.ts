import { MESSAGES } from '@portico/shared-types'
import { BaseError, encodeAbiParameters, encodeErrorResult, type Hex, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { errorStringReason, MAX_REASON_CHARS, revertMessage } from './revert.ts'

const errorString = (reason: string) =>
  encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [reason] })
/** What alto answers for a user operation whose call reverts, as viem reports it. */
const bundlerRevert = (data: Hex) =>
  new BaseError(
    `Execution reverted with reason: UserOperation reverted during simulation with reason: ${data}.`,
    {
      details: `UserOperation reverted during simulation with reason: ${data}`,
    },
  )

describe('a reverted user operation as a message (never the raw revert data)', () => {
  it('shows the Error(string) reason', () => {
    expect(revertMessage(bundlerRevert(errorString('UniswapV2Router: EXPIRED')))).toBe(
      'The user operation reverted: UniswapV2Router: EXPIRED',
    )
    expect(revertMessage(new Error(`execution reverted, reason: ${errorString('Not allowed')}`))).toBe(
      'The user operation reverted: Not allowed',
    )
  })

  it('falls back to the behaviour §8 generic message for no data, a custom error, a panic or malformed data', () => {
    const custom = encodeErrorResult({
      abi: parseAbi(['error ERC20InsufficientBalance(address,uint256,uint256)']),
      errorName: 'ERC20InsufficientBalance',
      args: ['0x0000000000000000000000000000000000000001', 1n, 2n],
    })
    const panic = `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x11n]).slice(2)}` as Hex
    for (const data of ['0x', custom, panic, '0x08c379a0', `${errorString('x').slice(0, 80)}`] as Hex[]) {
      const message = revertMessage(bundlerRevert(data))
      expect(message).toBe(MESSAGES.transactionError)
      expect(message).not.toContain('0x')
    }
    expect(revertMessage(bundlerRevert(errorString('   ')))).toBe(MESSAGES.transactionError)
  })

  it('leaves errors without revert data to the caller', () => {
    expect(revertMessage(new BaseError('AA23 reverted: invalid signature'))).toBeUndefined()
    expect(revertMessage('fetch failed')).toBeUndefined()
    expect(revertMessage(undefined)).toBeUndefined()
  })

  it('a hostile reason: control and bidi characters removed, bounded; huge data not decoded', () => {
    const shown = errorStringReason(errorString(`Send\u202E to\n\u0000me ${'x'.repeat(1_000)}`))
    expect(shown?.startsWith('Send to me xxx')).toBe(true)
    expect(shown).toHaveLength(MAX_REASON_CHARS)
    expect(errorStringReason(errorString('y'.repeat(10_000)))).toBeUndefined()
    expect(revertMessage(bundlerRevert(errorString('y'.repeat(10_000))))).toBe(MESSAGES.transactionError)
  })
})
