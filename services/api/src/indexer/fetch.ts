import { numberToHex, type PublicClient } from 'viem'
import { touchedAccounts } from '../cache/caches.ts'
import type { IndexedBlock, TransferKind } from '../db/repository.ts'
import { type BlockInput, blockTransfers, INDEXED_TOPICS, parseTokenLog, type RawLog } from './extract.ts'

export interface FetchedRange {
  blocks: IndexedBlock[]
  /** Token contracts seen in the range, with the kind their logs show. */
  contracts: Map<string, Exclude<TransferKind, 'native'>>
  /** Accounts whose balance or history the range may change: senders, recipients, transfer parties. */
  touched: Set<string>
}

/**
 * Blocks `from..to` with their transfers: one eth_getLogs for the Transfer, TransferSingle and TransferBatch topics, the blocks with
 * their transactions, and receipts of the transactions that carry value (for their status). viem's
 * batching sends the block and receipt reads as JSON-RPC batches.
 */
export async function fetchRange(
  client: PublicClient,
  chainId: number,
  from: number,
  to: number,
): Promise<FetchedRange> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const [logs, rawBlocks] = await Promise.all([
    client.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [INDEXED_TOPICS] }],
    }) as Promise<RawLog[]>,
    Promise.all(numbers.map((n) => client.getBlock({ blockNumber: BigInt(n), includeTransactions: true }))),
  ])
  const valueTxs = rawBlocks.flatMap((b) => b.transactions.filter((tx) => tx.value > 0n).map((tx) => tx.hash))
  const receipts = new Map(
    (await Promise.all(valueTxs.map((hash) => client.getTransactionReceipt({ hash })))).map((r) => [
      r.transactionHash.toLowerCase(),
      { status: r.status, contractAddress: r.contractAddress ?? null },
    ]),
  )
  const logsByBlock = new Map<string, RawLog[]>()
  const contracts = new Map<string, Exclude<TransferKind, 'native'>>()
  for (const log of logs) {
    const key = (log.blockHash ?? '').toLowerCase()
    logsByBlock.set(key, [...(logsByBlock.get(key) ?? []), log])
    for (const parsed of parseTokenLog(log, 0)) contracts.set(parsed.contract, parsed.kind)
  }
  const blocks = rawBlocks.map((b): IndexedBlock => {
    if (b.hash === null || b.number === null) throw new Error(`block ${String(b.number)} is still pending`)
    const input: BlockInput = {
      number: Number(b.number),
      hash: b.hash,
      timestamp: Number(b.timestamp),
      transactions: b.transactions.map((tx) => ({
        hash: tx.hash,
        from: tx.from,
        to: tx.to ?? null,
        value: tx.value,
        nonce: tx.nonce,
        transactionIndex: tx.transactionIndex ?? 0,
      })),
    }
    const ownLogs = logsByBlock.get(b.hash.toLowerCase()) ?? []
    logsByBlock.delete(b.hash.toLowerCase())
    return {
      number: input.number,
      hash: b.hash.toLowerCase(),
      parentHash: b.parentHash.toLowerCase(),
      timestamp: input.timestamp,
      transfers: blockTransfers(chainId, input, ownLogs, (hash) => {
        const r = receipts.get(hash.toLowerCase())
        if (!r) throw new Error(`no receipt for ${hash}`)
        return r
      }),
    }
  })
  if (logsByBlock.size > 0)
    throw new Error(`logs of blocks not in ${from}..${to}: the chain changed while reading`)
  const touched = touchedAccounts(
    rawBlocks.flatMap((b) => b.transactions),
    blocks.flatMap((b) => b.transfers),
  )
  return { blocks, contracts, touched }
}
