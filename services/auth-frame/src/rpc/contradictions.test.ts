import type { Effects } from '@portico/shared-types/preview-simulate'
import { type Address, encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { missingEffects, statedEffects } from './contradictions.ts'

const USER = '0x1111111111111111111111111111111111111111' as Address
const OTHER = '0x2222222222222222222222222222222222222222' as Address
const TOKEN = '0x3333333333333333333333333333333333333333' as Address
const transfer = (to: Address, amount: bigint) => ({
  to: TOKEN,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})
const sent = (amount: bigint, token = TOKEN) => ({
  direction: 'out' as const,
  token,
  standard: 'erc20' as const,
  amount,
  counterparty: OTHER,
})
const none: Effects = { changes: [], approvals: [] }

describe('what the calldata states against what the simulation shows', () => {
  it('states native sends, ERC-20 transfers and approvals; not a send to oneself nor a zero transfer', () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256] })
    const stated = statedEffects(
      [
        { to: OTHER, value: 5n, data: '0x' },
        { to: USER, value: 5n, data: '0x' },
        transfer(OTHER, 7n),
        transfer(USER, 7n),
        transfer(OTHER, 0n),
        { to: TOKEN, value: 0n, data: approve },
      ],
      USER,
    )
    expect(stated.map((s) => [s.callIndex, s.kind, s.amount])).toEqual([
      [0, 'native', 5n],
      [2, 'transfer', 7n],
      [5, 'approve', maxUint256],
    ])
  })

  it('each stated effect needs its own matching simulated effect: same token, counterparty and amount', () => {
    const twice = statedEffects([transfer(OTHER, 7n), transfer(OTHER, 7n)], USER)
    expect(missingEffects(twice, { changes: [sent(7n), sent(7n)], approvals: [] })).toEqual([])
    expect(missingEffects(twice, { changes: [sent(7n)], approvals: [] })).toHaveLength(1)
    const once = statedEffects([transfer(OTHER, 7n)], USER)
    expect(missingEffects(once, { changes: [sent(6n)], approvals: [] })).toHaveLength(1)
    expect(missingEffects(once, { changes: [sent(7n, OTHER)], approvals: [] })).toHaveLength(1)
    expect(missingEffects(once, { changes: [{ ...sent(7n), direction: 'in' }], approvals: [] })).toHaveLength(
      1,
    )
    expect(missingEffects(once, none)).toEqual(once)
  })
})
