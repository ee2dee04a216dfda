/**
 * How sent calls ended, read from the wallet: a batch through EIP-5792 wallet_getCallsStatus, single
 * transactions through their receipts. Polled fast at first (a local or fast chain mines within
 * those polls), then every retry interval, and never longer than the timeout. Every answer is checked:
 * a wallet's status is hostile input.
 */
import { DEFAULT_RETRY_INTERVAL_MS } from './constants.ts'
import type { Eip1193Provider } from './entities.ts'

export type TransactionHash = `0x${string}`

export interface CallsOutcome {
  /** 'pending': nothing final before the timeout (or the wallet cannot tell). */
  status: 'success' | 'failure' | 'pending'
  /** The transactions that carried the calls, as far as they are known. */
  transactionHashes: TransactionHash[]
  /** The wallet's EIP-5792 status code, for a batch. */
  statusCode?: number
}

export interface PollTiming {
  /** Polls at `fastIntervalMs` first (default 10 at 300 ms), then every `intervalMs` (default 1 s). */
  fastPolls?: number
  fastIntervalMs?: number
  intervalMs?: number
  /** The whole wait, default 90 s. */
  timeoutMs?: number
}

/** EIP-5792 bounds receipts by calls; a wallet answering more is not believed. */
const MAX_RECEIPTS = 64
const HASH = /^0x[0-9a-fA-F]{64}$/
/** Codes of a wallet that cannot answer the method at all: waiting longer changes nothing. */
const UNSUPPORTED = new Set([-32601, 4200])

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const isTransactionHash = (value: unknown): value is TransactionHash =>
  typeof value === 'string' && HASH.test(value)

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Calls `attempt` until it answers (not undefined) or the time is up; its throws count as "not yet"
 * unless `stop` says they never will.
 */
async function poll<T>(
  attempt: () => Promise<T | undefined>,
  timing: PollTiming,
  stop: (error: unknown) => boolean,
): Promise<T | undefined> {
  const fastPolls = timing.fastPolls ?? 10
  const fastIntervalMs = timing.fastIntervalMs ?? 300
  const intervalMs = timing.intervalMs ?? DEFAULT_RETRY_INTERVAL_MS
  const deadline = Date.now() + (timing.timeoutMs ?? 90_000)
  for (let round = 0; ; round++) {
    try {
      const answer = await attempt()
      if (answer !== undefined) return answer
    } catch (error) {
      if (stop(error)) return undefined
    }
    const wait = round < fastPolls ? fastIntervalMs : intervalMs
    if (Date.now() + wait > deadline) return undefined
    await sleep(wait)
  }
}

const unsupported = (error: unknown) => isFields(error) && UNSUPPORTED.has(error.code as number)

/** A wallet_getCallsStatus answer as a final outcome, or undefined while the batch is pending. */
export function batchOutcome(answer: unknown): CallsOutcome | undefined {
  if (!isFields(answer)) throw new Error('wallet_getCallsStatus answered no status object')
  // EIP-5792 v2 answers a number; earlier drafts 'PENDING' / 'CONFIRMED'.
  const code =
    answer.status === 'CONFIRMED' ? 200 : answer.status === 'PENDING' ? 100 : (answer.status as unknown)
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 100 || code > 999)
    throw new Error('wallet_getCallsStatus answered an unknown status')
  if (code < 200) return undefined
  const receipts = Array.isArray(answer.receipts) ? answer.receipts.slice(0, MAX_RECEIPTS) : []
  const transactionHashes = receipts.flatMap((receipt) =>
    isFields(receipt) && isTransactionHash(receipt.transactionHash) ? [receipt.transactionHash] : [],
  )
  const reverted = receipts.some((receipt) => !isFields(receipt) || receipt.status !== '0x1')
  return {
    status: code < 300 && !reverted ? 'success' : 'failure',
    transactionHashes,
    statusCode: code,
  }
}

/** Waits for the batch `id` to end (wallet_getCallsStatus). */
export async function waitForBatch(
  provider: Eip1193Provider,
  id: string,
  timing: PollTiming = {},
): Promise<CallsOutcome> {
  const outcome = await poll(
    async () => batchOutcome(await provider.request({ method: 'wallet_getCallsStatus', params: [id] })),
    timing,
    unsupported,
  )
  return outcome ?? { status: 'pending', transactionHashes: [] }
}

/** Waits for a transaction's receipt: 'success' or 'failure' once mined, 'pending' past the timeout. */
export async function waitForTransaction(
  provider: Eip1193Provider,
  hash: TransactionHash,
  timing: PollTiming = {},
): Promise<CallsOutcome['status']> {
  const status = await poll(
    async () => {
      const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
      if (receipt === null || receipt === undefined) return undefined
      return isFields(receipt) && receipt.status === '0x1' ? 'success' : 'failure'
    },
    timing,
    unsupported,
  )
  return status ?? 'pending'
}
