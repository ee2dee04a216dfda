/**
 * The policy allows calls by their targets, so reading the targets must never be fooled: anything but
 * the canonical execute / executeBatch encoding reads as "unknown", which is refused.
 */
import { concat, encodeAbiParameters, encodeFunctionData, type Hex, parseAbi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { accountCallTargets, MAX_BATCH_CALLS } from './calls.ts'

const abi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OTHER = '0x000000000000000000000000000000000000bEEF'
const transfer = encodeFunctionData({
  abi: parseAbi(['function transfer(address to, uint256 amount)']),
  functionName: 'transfer',
  args: [OTHER, 1n],
})
const execute = (target: `0x${string}`, data: Hex = transfer) =>
  encodeFunctionData({ abi, functionName: 'execute', args: [target, 0n, data] })
const batch = (targets: `0x${string}`[]) =>
  encodeFunctionData({
    abi,
    functionName: 'executeBatch',
    args: [targets.map((target) => ({ target, value: 0n, data: transfer }))],
  })

describe('the targets of an account call', () => {
  it('reads execute and every call of executeBatch, in order', () => {
    expect(accountCallTargets(execute(USDC))).toEqual([USDC])
    expect(accountCallTargets(batch([USDC, OTHER, USDC]))).toEqual([USDC, OTHER, USDC])
  })

  it('reads a call it does not know as unknown (another selector, the old SimpleAccount batch, nothing)', () => {
    expect(accountCallTargets('0x')).toBeUndefined()
    expect(accountCallTargets(transfer)).toBeUndefined()
    const oldBatch = encodeFunctionData({
      abi: parseAbi(['function executeBatch(address[] dest, uint256[] value, bytes[] func)']),
      functionName: 'executeBatch',
      args: [[USDC], [0n], [transfer]],
    })
    expect(accountCallTargets(oldBatch)).toBeUndefined()
  })

  it('reads truncated, padded or re-pointed encodings as unknown', () => {
    const call = execute(USDC)
    expect(accountCallTargets(call.slice(0, -2) as Hex)).toBeUndefined()
    expect(accountCallTargets(`${call}00`)).toBeUndefined()
    expect(accountCallTargets(`${call}${'00'.repeat(32)}`)).toBeUndefined()
    // execute whose bytes offset points past a second copy: the same call, not the canonical encoding.
    const selector = toFunctionSelector('execute(address,uint256,bytes)')
    const body = encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
      ],
      [USDC, 0n, 0x80n, 0n, 0n],
    )
    expect(accountCallTargets(concat([selector, body]))).toBeUndefined()
    // An address word with bits above its 20 bytes.
    const dirty = `${call.slice(0, 10)}ff${call.slice(12)}` as Hex
    expect(accountCallTargets(dirty)).toBeUndefined()
  })

  it('reads an empty batch, or one past the bound, as unknown', () => {
    expect(accountCallTargets(batch([]))).toBeUndefined()
    expect(accountCallTargets(batch(Array(MAX_BATCH_CALLS).fill(USDC)))).toHaveLength(MAX_BATCH_CALLS)
    expect(accountCallTargets(batch(Array(MAX_BATCH_CALLS + 1).fill(USDC)))).toBeUndefined()
  })
})
