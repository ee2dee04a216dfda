/**
 * What simulated logs mean for one account: tokens it sends and receives, and approvals it grants or
 * revokes. Pure: tokens are contract addresses here; each service adds their metadata its own way (the
 * API from its token table, the wallet frame from the contract). Logs that do not have the exact shape
 * of a known event are ignored, never guessed at.
 */
import { type Address, getAddress, type Hex } from 'viem'
import { decodeOrNull } from './abi.ts'
import type { SimulatedLog } from './node.ts'

/** traceTransfers' synthetic Transfer logs of native value come from this address. */
export const NATIVE_TRANSFER_SOURCE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'

/** An amount this large is as good as unlimited: no one holds 2^255 of anything. */
export const UNLIMITED_FROM = 2n ** 255n

export type Standard = 'native' | 'erc20' | 'erc721' | 'erc1155'

export interface RawChange {
  direction: 'in' | 'out'
  token: Address
  standard: Standard
  amount?: bigint
  tokenId?: bigint
  counterparty: Address
}

export interface RawApproval {
  token: Address
  standard: Standard | 'unknown'
  spender: Address
  amount?: bigint
  tokenId?: bigint
  forAll?: boolean
  unlimited: boolean
  revoked: boolean
  deadline?: bigint
  expiration?: bigint
}

export interface Effects {
  changes: RawChange[]
  approvals: RawApproval[]
}

const topicAddress = (topic: string): Address => getAddress(`0x${topic.slice(26)}`)
const isAddressTopic = (topic: string | undefined): topic is string =>
  topic !== undefined && /^0x0{24}/i.test(topic)
const isWord = (data: string) => data.length === 66

export function effectsFor(account: Address, logs: SimulatedLog[]): Effects {
  const user = account.toLowerCase()
  const effects: Effects = { changes: [], approvals: [] }
  for (const log of logs) readLog(log, user, effects)
  return effects
}

function readLog(log: SimulatedLog, user: string, out: Effects): void {
  const [signature, a, b, c] = log.topics.map((t) => t.toLowerCase())
  const contract = getAddress(log.address)
  if (signature === TRANSFER && isAddressTopic(a) && isAddressTopic(b)) {
    const standard: Standard | null =
      log.address.toLowerCase() === NATIVE_TRANSFER_SOURCE
        ? 'native'
        : log.topics.length === 3 && isWord(log.data)
          ? 'erc20'
          : log.topics.length === 4 && log.data === '0x'
            ? 'erc721'
            : null
    if (standard === null) return
    const value = standard === 'erc721' ? { tokenId: BigInt(c ?? 0) } : { amount: BigInt(log.data) }
    pushTransfer(out, user, contract, standard, a, b, value)
    return
  }
  if (signature === TRANSFER_SINGLE && log.topics.length === 4 && isAddressTopic(b) && isAddressTopic(c)) {
    const decoded = decodeOrNull(['uint256', 'uint256'], log.data as Hex)
    if (!decoded) return
    const [id, amount] = decoded as [bigint, bigint]
    pushTransfer(out, user, contract, 'erc1155', b, c, { tokenId: id, amount })
    return
  }
  if (signature === TRANSFER_BATCH && log.topics.length === 4 && isAddressTopic(b) && isAddressTopic(c)) {
    const decoded = decodeOrNull(['uint256[]', 'uint256[]'], log.data as Hex)
    if (!decoded) return
    const [ids, amounts] = decoded as [bigint[], bigint[]]
    if (ids.length !== amounts.length) return
    ids.forEach((id, i) => {
      pushTransfer(out, user, contract, 'erc1155', b, c, { tokenId: id, amount: amounts[i] ?? 0n })
    })
    return
  }
  if (
    signature === APPROVAL &&
    isAddressTopic(a) &&
    isAddressTopic(b) &&
    topicAddress(a).toLowerCase() === user
  ) {
    const spender = topicAddress(b)
    if (log.topics.length === 3 && isWord(log.data)) {
      const amount = BigInt(log.data)
      out.approvals.push({
        token: contract,
        standard: 'erc20',
        spender,
        amount,
        unlimited: amount >= UNLIMITED_FROM,
        revoked: amount === 0n,
      })
    } else if (log.topics.length === 4 && log.data === '0x') {
      const none = BigInt(b) === 0n
      out.approvals.push({
        token: contract,
        standard: 'erc721',
        spender,
        tokenId: BigInt(c ?? 0),
        unlimited: false,
        revoked: none,
      })
    }
    return
  }
  if (
    signature === APPROVAL_FOR_ALL &&
    log.topics.length === 3 &&
    isAddressTopic(a) &&
    isAddressTopic(b) &&
    isWord(log.data) &&
    topicAddress(a).toLowerCase() === user
  ) {
    const approved = BigInt(log.data) !== 0n
    out.approvals.push({
      token: contract,
      standard: 'unknown',
      spender: topicAddress(b),
      forAll: true,
      unlimited: approved,
      revoked: !approved,
    })
  }
}

function pushTransfer(
  out: Effects,
  user: string,
  token: Address,
  standard: Standard,
  fromTopic: string,
  toTopic: string,
  value: { amount?: bigint; tokenId?: bigint },
): void {
  const from = topicAddress(fromTopic)
  const to = topicAddress(toTopic)
  const sends = from.toLowerCase() === user
  const receives = to.toLowerCase() === user
  // Sending to oneself changes nothing.
  if (sends === receives) return
  out.changes.push({
    direction: sends ? 'out' : 'in',
    token,
    standard,
    ...value,
    counterparty: sends ? to : from,
  })
}
