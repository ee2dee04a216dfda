/**
 * wallet_sendCalls: an atomic batch (one EIP-7702 transaction) on a chain whose delegate is deployed,
 * else, when the app allows it (`atomicRequired: false`), one transaction per call in order. Either
 * way the batch is remembered under a new id for wallet_getCallsStatus.
 */
import { type Address, type Hex, toHex } from 'viem'
import { ErrorCode, ProviderRpcError } from '../errors.ts'
import type { Rpc } from '../fees.ts'
import { sendTransaction } from '../sendTransaction.ts'
import type { DevSigner } from '../signer.ts'
import { sendAtomicBatch } from './atomic.ts'
import { type BatchRegistry, newBatchId } from './batches.ts'
import type { SendCallsRequest } from './params.ts'

export interface BatchSender {
  account: DevSigner
  batches: BatchRegistry
  rpc: Rpc
  /** The chain's delegate, when the wallet has one there and it is deployed. */
  delegate: Address | undefined
}

export async function sendCalls(sender: BatchSender, request: SendCallsRequest): Promise<{ id: string }> {
  const { account, batches, rpc, delegate } = sender
  const id = request.id ?? newBatchId()
  if (batches.has(id))
    throw new ProviderRpcError(ErrorCode.duplicateId, 'The dev wallet already sent a batch with this id')
  if (delegate) {
    const hash = await sendAtomicBatch(account, request.chainId, delegate, request.calls, rpc)
    batches.add(id, { chainId: request.chainId, atomic: true, hashes: [hash], incomplete: false })
    return { id }
  }
  if (request.atomicRequired)
    throw new ProviderRpcError(
      ErrorCode.atomicityNotSupported,
      `The dev wallet cannot batch atomically on chain ${request.chainId} (no EIP-7702 delegate deployed there)`,
    )
  const hashes: Hex[] = []
  for (const call of request.calls) {
    try {
      hashes.push(
        await sendTransaction(
          account,
          request.chainId,
          { from: account.address, to: call.to, data: call.data, value: toHex(call.value) },
          rpc,
        ),
      )
    } catch (error) {
      // Nothing sent yet: the request fails. Some sent: the batch exists, its status says what landed.
      if (hashes.length === 0) throw error
      batches.add(id, { chainId: request.chainId, atomic: false, hashes, incomplete: true })
      return { id }
    }
  }
  batches.add(id, { chainId: request.chainId, atomic: false, hashes, incomplete: false })
  return { id }
}
