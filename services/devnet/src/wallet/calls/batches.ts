/**
 * The batches this wallet sent (in memory, for the page's life) and their EIP-5792 status: 100 while
 * a transaction is pending, 200 once every call succeeded, 400 when the node has forgotten a
 * transaction it never included, 500 when the batch reverted as a whole, 600 when only part landed.
 */
import { type Hex, toHex } from 'viem'
import { ErrorCode, ProviderRpcError } from '../errors.ts'
import type { Rpc } from '../fees.ts'
import { batchIdOf, CALLS_VERSION } from './params.ts'

/** Batches remembered; the oldest is forgotten past this (wallet_getCallsStatus then answers 5730). */
export const MAX_REMEMBERED_BATCHES = 100

export const CALLS_STATUS = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partiallyReverted: 600,
} as const

export interface SentBatch {
  chainId: number
  /** One EIP-7702 transaction for all calls, or one transaction per call. */
  atomic: boolean
  hashes: Hex[]
  /** Calls after a failed one were never sent (sequential batches only). */
  incomplete: boolean
}

interface RpcReceipt {
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
}

export interface CallsStatus {
  version: typeof CALLS_VERSION
  id: string
  chainId: Hex
  atomic: boolean
  status: number
  receipts?: Pick<RpcReceipt, keyof RpcReceipt>[]
}

/** A new batch id: 32 random bytes, so no two batches of any page share one. */
export function newBatchId(): Hex {
  const bytes = new Uint8Array(32)
  globalThis.crypto.getRandomValues(bytes)
  return toHex(bytes)
}

export class BatchRegistry {
  readonly #batches = new Map<string, SentBatch>()

  has(id: string): boolean {
    return this.#batches.has(id)
  }

  add(id: string, batch: SentBatch): void {
    if (this.#batches.size >= MAX_REMEMBERED_BATCHES) {
      const oldest = this.#batches.keys().next().value
      if (oldest !== undefined) this.#batches.delete(oldest)
    }
    this.#batches.set(id, batch)
  }

  /** wallet_getCallsStatus params `[id]`, read from the chain the batch was sent on. */
  async status(params: unknown, rpcOf: (chainId: number) => Rpc): Promise<CallsStatus> {
    const id = batchIdOf(Array.isArray(params) ? params[0] : undefined)
    const batch = this.#batches.get(id)
    if (!batch)
      throw new ProviderRpcError(ErrorCode.unknownBundleId, 'The dev wallet sent no batch with this id')
    const rpc = rpcOf(batch.chainId)
    const receipts = await Promise.all(
      batch.hashes.map((hash) => rpc('eth_getTransactionReceipt', [hash]) as Promise<RpcReceipt | null>),
    )
    const base = { version: CALLS_VERSION, id, chainId: toHex(batch.chainId), atomic: batch.atomic } as const
    const missing = batch.hashes.filter((_, index) => !receipts[index])
    if (missing.length > 0) {
      const known = await Promise.all(missing.map((hash) => rpc('eth_getTransactionByHash', [hash])))
      const dropped = known.some((tx) => tx === null)
      return { ...base, status: dropped ? CALLS_STATUS.offchainFailure : CALLS_STATUS.pending }
    }
    const landed = receipts as RpcReceipt[]
    const succeeded = landed.filter((receipt) => receipt.status === '0x1').length
    const status =
      succeeded === landed.length && !batch.incomplete
        ? CALLS_STATUS.confirmed
        : succeeded === 0
          ? CALLS_STATUS.reverted
          : CALLS_STATUS.partiallyReverted
    return { ...base, status, receipts: landed.map(receiptOf) }
  }
}

function receiptOf(receipt: RpcReceipt) {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  }
}
