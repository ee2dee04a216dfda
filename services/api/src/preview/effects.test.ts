import { type Address, encodeAbiParameters, getAddress, maxUint256, pad, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { effectsFor, NATIVE_TRANSFER_SOURCE } from './effects.ts'
import type { SimulatedLog } from './simulate.ts'

const USER = '0x1111111111111111111111111111111111111111' as Address
const OTHER = '0x2222222222222222222222222222222222222222' as Address
const TOKEN = '0x3333333333333333333333333333333333333333' as Address
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

const topic = (a: Address) => pad(a).toLowerCase()
const word = (n: bigint) => pad(toHex(n))
const log = (address: string, topics: string[], data: string): SimulatedLog => ({ address, topics, data })

describe('effects of simulated logs on one account', () => {
  it('reads native, ERC-20 and ERC-721 transfers in both directions, and ignores others’ transfers', () => {
    const { changes } = effectsFor(USER, [
      log(NATIVE_TRANSFER_SOURCE, [TRANSFER, topic(USER), topic(OTHER)], word(5n)),
      log(TOKEN, [TRANSFER, topic(OTHER), topic(USER)], word(7n)),
      log(TOKEN, [TRANSFER, topic(USER), topic(OTHER), word(42n)], '0x'),
      log(TOKEN, [TRANSFER, topic(OTHER), topic(OTHER)], word(9n)),
      log(TOKEN, [TRANSFER, topic(USER), topic(USER)], word(9n)),
    ])
    expect(changes).toEqual([
      {
        direction: 'out',
        token: getAddress(NATIVE_TRANSFER_SOURCE),
        standard: 'native',
        amount: 5n,
        counterparty: OTHER,
      },
      { direction: 'in', token: TOKEN, standard: 'erc20', amount: 7n, counterparty: OTHER },
      { direction: 'out', token: TOKEN, standard: 'erc721', tokenId: 42n, counterparty: OTHER },
    ])
  })

  it('reads ERC-1155 batches item by item', () => {
    const data = encodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'uint256[]' }],
      [
        [1n, 2n],
        [10n, 20n],
      ],
    )
    const { changes } = effectsFor(USER, [
      log(TOKEN, [TRANSFER_BATCH, topic(OTHER), topic(USER), topic(OTHER)], data),
    ])
    expect(changes.map((c) => [c.direction, c.tokenId, c.amount])).toEqual([
      ['out', 1n, 10n],
      ['out', 2n, 20n],
    ])
  })

  it('flags unlimited ERC-20 approvals (max uint and ≥ 2^255), not a bounded one; zero revokes', () => {
    const approve = (n: bigint) => log(TOKEN, [APPROVAL, topic(USER), topic(OTHER)], word(n))
    const { approvals } = effectsFor(USER, [
      approve(maxUint256),
      approve(2n ** 255n),
      approve(1000n),
      approve(0n),
    ])
    expect(approvals.map((a) => [a.amount, a.unlimited, a.revoked])).toEqual([
      [maxUint256, true, false],
      [2n ** 255n, true, false],
      [1000n, false, false],
      [0n, false, true],
    ])
  })

  it('calls an approval for all unlimited, its withdrawal a revocation; others’ approvals are not the user’s', () => {
    const { approvals } = effectsFor(USER, [
      log(TOKEN, [APPROVAL_FOR_ALL, topic(USER), topic(OTHER)], word(1n)),
      log(TOKEN, [APPROVAL_FOR_ALL, topic(USER), topic(OTHER)], word(0n)),
      log(TOKEN, [APPROVAL, topic(OTHER), topic(USER)], word(maxUint256)),
    ])
    expect(approvals.map((a) => [a.forAll, a.unlimited, a.revoked, a.spender])).toEqual([
      [true, true, false, OTHER],
      [true, false, true, OTHER],
    ])
  })

  it('ignores logs that only look like known events (wrong topic count, short data, dirty address words)', () => {
    const dirty = `0xff${topic(USER).slice(4)}`
    const { changes, approvals } = effectsFor(USER, [
      log(TOKEN, [TRANSFER, topic(USER)], word(1n)),
      log(TOKEN, [TRANSFER, topic(USER), topic(OTHER)], '0x01'),
      log(TOKEN, [TRANSFER, dirty, topic(OTHER)], word(1n)),
      log(TOKEN, [TRANSFER_BATCH, topic(OTHER), topic(USER), topic(OTHER)], '0xdeadbeef'),
      log(TOKEN, [APPROVAL, topic(USER), topic(OTHER)], '0x'),
    ])
    expect(changes).toEqual([])
    expect(approvals).toEqual([])
  })
})
