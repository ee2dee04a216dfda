import { decodeAbiParameters } from 'viem'
import type { TransferKind, TransferRecord } from '../db/repository.ts'

/** keccak256("Transfer(address,address,uint256)"), shared by ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256("TransferSingle(address,address,address,uint256,uint256)") of ERC-1155. */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
/** keccak256("TransferBatch(address,address,address,uint256[],uint256[])") of ERC-1155. */
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'
/** The topics the indexer asks eth_getLogs for. */
export const INDEXED_TOPICS: `0x${string}`[] = [TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]
/**
 * Most entries of one TransferBatch stored (each a row of its own). Entry i of the batch at log index
 * L is stored at log index -(2 + L * MAX_BATCH_ENTRIES + i): unique beside real logs (≥ 0) and native
 * value (-1).
 */
export const MAX_BATCH_ENTRIES = 1024

export interface RawLog {
  address: string
  topics: readonly string[]
  data: string
  blockHash: string | null
  transactionHash: string | null
  logIndex: string | null
  removed?: boolean
}

export interface BlockTx {
  hash: string
  from: string
  to: string | null
  value: bigint
  nonce: number
  transactionIndex: number
}

export interface BlockInput {
  number: number
  hash: string
  timestamp: number
  transactions: BlockTx[]
}

export interface ParsedTransfer {
  kind: Exclude<TransferKind, 'native'>
  contract: string
  from: string
  to: string
  amount: string
  tokenId: string | null
}

/**
 * A Transfer log as an ERC-20 (value in data, 3 topics) or ERC-721 (token id as 4th topic) movement;
 * null for anything else with that topic (e.g. a malformed emitter).
 */
export function parseTransferLog(log: RawLog): ParsedTransfer | null {
  if (log.topics[0] === TRANSFER_SINGLE_TOPIC) return parseTransferSingle(log)
  if (log.topics[0] !== TRANSFER_TOPIC) return null
  const from = topicAddress(log.topics[1])
  const to = topicAddress(log.topics[2])
  if (from === null || to === null) return null
  const contract = log.address.toLowerCase()
  if (log.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(log.data))
    return { kind: 'erc20', contract, from, to, amount: BigInt(log.data).toString(), tokenId: null }
  if (log.topics.length === 4 && (log.data === '0x' || log.data === '')) {
    const id = log.topics[3]
    if (!id || !/^0x[0-9a-fA-F]{64}$/.test(id)) return null
    return { kind: 'erc721', contract, from, to, amount: '1', tokenId: BigInt(id).toString() }
  }
  return null
}

/** ERC-1155 TransferSingle: topics [sig, operator, from, to], data (id, value); null when malformed. */
function parseTransferSingle(log: RawLog): ParsedTransfer | null {
  if (log.topics.length !== 4 || !/^0x[0-9a-fA-F]{128}$/.test(log.data)) return null
  const from = topicAddress(log.topics[2])
  const to = topicAddress(log.topics[3])
  if (from === null || to === null) return null
  const id = BigInt(`0x${log.data.slice(2, 66)}`)
  const amount = BigInt(`0x${log.data.slice(66)}`)
  const contract = log.address.toLowerCase()
  return { kind: 'erc1155', contract, from, to, amount: amount.toString(), tokenId: id.toString() }
}

/**
 * Every movement of a Transfer, TransferSingle or TransferBatch log (a batch gives one per id, at most
 * MAX_BATCH_ENTRIES), each with the log index it is stored under; [] for anything malformed.
 */
export function parseTokenLog(log: RawLog, logIndex: number): (ParsedTransfer & { logIndex: number })[] {
  if (log.topics[0] !== TRANSFER_BATCH_TOPIC) {
    const single = parseTransferLog(log)
    return single ? [{ ...single, logIndex }] : []
  }
  if (log.topics.length !== 4 || log.data.length > 2 + 64 * (4 + 2 * MAX_BATCH_ENTRIES)) return []
  const from = topicAddress(log.topics[2])
  const to = topicAddress(log.topics[3])
  if (from === null || to === null) return []
  let ids: readonly bigint[]
  let values: readonly bigint[]
  try {
    ;[ids, values] = decodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'uint256[]' }],
      log.data as `0x${string}`,
    )
  } catch {
    return []
  }
  if (ids.length !== values.length || ids.length > MAX_BATCH_ENTRIES) return []
  const contract = log.address.toLowerCase()
  return ids.map((id, i) => ({
    kind: 'erc1155' as const,
    contract,
    from,
    to,
    amount: (values[i] ?? 0n).toString(),
    tokenId: id.toString(),
    logIndex: -(2 + logIndex * MAX_BATCH_ENTRIES + i),
  }))
}

function topicAddress(topic: string | undefined): string | null {
  if (!topic || !/^0x0{24}[0-9a-fA-F]{40}$/.test(topic)) return null
  return `0x${topic.slice(26).toLowerCase()}`
}

/**
 * Every value movement of one block: each transaction's native value (when > 0, with its receipt
 * status; reverted ones are kept and marked) and each Transfer log. Throws if a log claims another block (a reorg during the fetch).
 */
export function blockTransfers(
  chainId: number,
  block: BlockInput,
  logs: RawLog[],
  receiptOf: (txHash: string) => { status: 'success' | 'reverted'; contractAddress: string | null },
): TransferRecord[] {
  const txs = new Map(block.transactions.map((tx) => [tx.hash.toLowerCase(), tx]))
  const base = (tx: BlockTx) => ({
    chainId,
    txHash: tx.hash.toLowerCase(),
    blockNumber: block.number,
    blockHash: block.hash.toLowerCase(),
    txIndex: tx.transactionIndex,
    minedAt: block.timestamp,
    txFrom: tx.from.toLowerCase(),
    txTo: tx.to === null ? null : tx.to.toLowerCase(),
    nonce: tx.nonce,
  })
  const out: TransferRecord[] = []
  for (const tx of block.transactions) {
    if (tx.value <= 0n) continue
    const receipt = receiptOf(tx.hash)
    out.push({
      ...base(tx),
      logIndex: -1,
      kind: 'native',
      contract: null,
      from: tx.from.toLowerCase(),
      // A contract creation sends its value to the new contract.
      to: (tx.to ?? receipt.contractAddress ?? '0x0000000000000000000000000000000000000000').toLowerCase(),
      amount: tx.value.toString(),
      tokenId: null,
      status: receipt.status,
    })
  }
  for (const log of logs) {
    if (log.removed) continue
    if (log.blockHash?.toLowerCase() !== block.hash.toLowerCase())
      throw new Error(`log of block ${log.blockHash} reported for block ${block.number} (${block.hash})`)
    const tx = log.transactionHash ? txs.get(log.transactionHash.toLowerCase()) : undefined
    if (!tx || log.logIndex === null) continue
    for (const parsed of parseTokenLog(log, Number(log.logIndex)))
      out.push({ ...base(tx), ...parsed, status: 'success' })
  }
  return out
}
