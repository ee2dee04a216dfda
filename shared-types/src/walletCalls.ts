/**
 * The one way plugins send calls (docs/behaviour.md, Batched calls): given the gated provider, the
 * network, the account and its calls, ask the wallet what it can do (EIP-5792 wallet_getCapabilities),
 * then
 * - more than one call and a wallet that batches atomically: one wallet_sendCalls, atomicRequired;
 * - a paymaster URL the app configured for the network and a wallet with the ERC-7677
 *   `paymasterService` capability there: wallet_sendCalls with that URL, even for one call;
 * - otherwise: eth_sendTransaction call after call, each after the previous one's receipt.
 * Resolves once the wallet took the first request; `outcome` follows the calls to the chain.
 */
import {
  type CallsOutcome,
  isTransactionHash,
  type PollTiming,
  type TransactionHash,
  waitForBatch,
  waitForTransaction,
} from './callsOutcome.ts'
import type { Eip1193Provider } from './entities.ts'
import { batchesAtomically, NO_CALLS_CAPABILITIES, readCallsCapabilities } from './walletCapabilities.ts'

/** Calls in one batch: the blockchain API previews at most 10 (services/api preview/limits.ts). */
export const MAX_BATCH_CALLS = 10
/** EIP-5792 bounds a batch id at 4096 bytes. */
const MAX_BATCH_ID_LENGTH = 4096
export const CALLS_VERSION = '2.0.0'

/** The wallet answered something that is not what the method returns (no batch id, no hash). */
export class WalletAnswerError extends Error {
  override name = 'WalletAnswerError'
}

export interface WalletCall {
  to: `0x${string}`
  data?: `0x${string}`
  /** Wei as a hex quantity. */
  value?: `0x${string}`
  /** Gas limit (hex) used when the call is sent on its own; a batch's gas is the wallet's to estimate. */
  gas?: `0x${string}`
}

export interface SendCallsRequest {
  /** The plugin's gated provider (ctx.account.provider('eip155')). */
  provider: Eip1193Provider
  /** CAIP-2 eip155 network id the calls run on, e.g. `eip155:31337`. */
  network: string
  from: string
  calls: readonly WalletCall[]
  /** The app's ERC-7677 paymaster service URLs by CAIP-2 network id (ctx.config.paymasterServices). */
  paymasterServices?: Readonly<Record<string, string>> | undefined
  timing?: PollTiming
  /** Told how the calls go just before the wallet is asked (e.g. to word a sponsor's refusal). */
  onPlan?: (plan: CallsPlan) => void
}

export interface CallsPlan {
  /** One wallet_sendCalls, or eth_sendTransaction per call. */
  mode: 'batch' | 'sequential'
  /** A batch that must run atomically (atomicRequired). */
  atomic: boolean
  /** Sent with the app's paymaster service (ERC-7677). */
  sponsored: boolean
}

export interface SentCalls extends CallsPlan {
  /** The wallet's batch id, or the first transaction's hash. */
  id: string
  outcome: Promise<CallsOutcome>
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const NETWORK = /^eip155:([1-9]\d{0,15})$/

function checked(request: SendCallsRequest): number {
  const chain = NETWORK.exec(request.network)
  const chainId = Number(chain?.[1])
  if (!chain || !Number.isSafeInteger(chainId)) throw new Error(`Not an eip155 network: ${request.network}`)
  if (!ADDRESS.test(request.from)) throw new Error('The sender is not an address')
  if (request.calls.length === 0 || request.calls.length > MAX_BATCH_CALLS)
    throw new Error(`Send 1 to ${MAX_BATCH_CALLS} calls at once`)
  for (const call of request.calls) {
    if (!ADDRESS.test(call.to)) throw new Error('A call has no callee address')
    if (call.data !== undefined && !HEX_BYTES.test(call.data)) throw new Error('Calldata is not hex bytes')
    for (const quantity of [call.value, call.gas])
      if (quantity !== undefined && !QUANTITY.test(quantity)) throw new Error('Not a hex quantity')
  }
  return chainId
}

/** The id in a wallet_sendCalls answer: `{ id }` (EIP-5792 v2) or the id itself (earlier drafts). */
function batchIdOf(answer: unknown): string {
  const id = typeof answer === 'string' ? answer : (answer as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_BATCH_ID_LENGTH)
    throw new WalletAnswerError('The wallet answered wallet_sendCalls without a batch id')
  return id
}

async function sendOne(provider: Eip1193Provider, from: string, call: WalletCall): Promise<TransactionHash> {
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from,
        to: call.to,
        ...(call.data === undefined ? {} : { data: call.data }),
        value: call.value ?? '0x0',
        ...(call.gas === undefined ? {} : { gas: call.gas }),
      },
    ],
  })
  if (!isTransactionHash(hash))
    throw new WalletAnswerError('The wallet answered eth_sendTransaction without a hash')
  return hash
}

/** The rest of a sequential run: each call once the one before it has succeeded on chain. */
async function sequence(request: SendCallsRequest, first: TransactionHash): Promise<CallsOutcome> {
  const hashes = [first]
  for (let index = 0; ; index++) {
    const status = await waitForTransaction(
      request.provider,
      hashes[index] as TransactionHash,
      request.timing,
    )
    const next = request.calls[index + 1]
    if (status !== 'success' || !next) return { status, transactionHashes: hashes }
    hashes.push(await sendOne(request.provider, request.from, next))
  }
}

export async function sendCalls(request: SendCallsRequest): Promise<SentCalls> {
  const chainId = checked(request)
  const { provider, from, calls } = request
  const paymasterUrl = request.paymasterServices?.[request.network]
  // One call without a paymaster is a plain transaction: nothing to ask the wallet first.
  const capabilities =
    calls.length > 1 || paymasterUrl !== undefined
      ? await readCallsCapabilities(provider, from, chainId)
      : NO_CALLS_CAPABILITIES
  const atomic = calls.length > 1 && batchesAtomically(capabilities)
  const sponsored = paymasterUrl !== undefined && capabilities.paymasterService
  if (atomic || sponsored) {
    request.onPlan?.({ mode: 'batch', atomic, sponsored })
    const answer = await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: CALLS_VERSION,
          chainId: `0x${chainId.toString(16)}`,
          from,
          calls: calls.map((call) => ({
            to: call.to,
            ...(call.data === undefined ? {} : { data: call.data }),
            value: call.value ?? '0x0',
          })),
          atomicRequired: atomic,
          ...(sponsored ? { capabilities: { paymasterService: { url: paymasterUrl } } } : {}),
        },
      ],
    })
    const id = batchIdOf(answer)
    return { mode: 'batch', atomic, sponsored, id, outcome: waitForBatch(provider, id, request.timing) }
  }
  request.onPlan?.({ mode: 'sequential', atomic: false, sponsored: false })
  const first = await sendOne(provider, from, calls[0] as WalletCall)
  return { mode: 'sequential', atomic: false, sponsored: false, id: first, outcome: sequence(request, first) }
}
