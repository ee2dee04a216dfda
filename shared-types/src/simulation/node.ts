/**
 * eth_simulateV1 on a chain's node: the calls in one simulated block, with `traceTransfers` (native
 * value moves show as ERC-20-like Transfer logs from 0xeeee…eeee) and without validation (nonce, fee
 * and balance checks are the wallet's business; the preview is about effects). The answer is read
 * while counting bytes and checked field by field: a node that fails, stalls, or answers nonsense is a
 * SimulationUnavailable, whose detail is for the service's log only, never for the person deciding.
 *
 * The node is not trusted to tell the truth either: whoever shows its effects shows them beside what
 * the request itself states (the API's digest, the wallet frame's decoded calls).
 */
import type { Address, Hex } from 'viem'
import type { PreviewedCall } from '../previewDigest.ts'

/** How long the node may take to simulate; past it the preview is unavailable. */
export const SIMULATION_TIMEOUT_MS = 5000
/** Largest simulation answer read from the node (read while counting, cancelled past it). */
export const MAX_SIMULATION_ANSWER_BYTES = 2 * 1024 * 1024
/** Logs of all calls together: more and the preview is unavailable rather than partial. */
export const MAX_SIMULATION_LOGS = 1000

export class SimulationUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`simulation unavailable: ${detail}`)
  }
}

export interface SimulatedLog {
  address: string
  topics: string[]
  data: string
}

export interface SimulatedCall {
  success: boolean
  gasUsed: bigint
  returnData: Hex
  logs: SimulatedLog[]
}

/** Reads a response's body as text, at most `maxBytes` of it (each service has its bounded reader). */
export type BoundedReader = (response: Response, maxBytes: number) => Promise<string>

export interface SimulationOptions {
  readText: BoundedReader
  /** Default SIMULATION_TIMEOUT_MS. */
  timeoutMs?: number
}

/** The JSON-RPC request: every call from `from`, in order, in one block on top of `latest`. */
export function simulationRequest(from: Address, calls: readonly PreviewedCall[]) {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_simulateV1',
    params: [
      {
        blockStateCalls: [
          {
            calls: calls.map((c) => ({ from, to: c.to, value: `0x${c.value.toString(16)}`, data: c.data })),
          },
        ],
        traceTransfers: true,
        validation: false,
      },
      'latest',
    ],
  }
}

export async function simulateCalls(
  rpcUrl: string,
  from: Address,
  calls: readonly PreviewedCall[],
  options: SimulationOptions,
): Promise<SimulatedCall[]> {
  let text: string
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(simulationRequest(from, calls)),
      signal: AbortSignal.timeout(options.timeoutMs ?? SIMULATION_TIMEOUT_MS),
    })
    text = await options.readText(response, MAX_SIMULATION_ANSWER_BYTES)
    if (!response.ok) throw new SimulationUnavailable(`HTTP ${response.status}: ${text.slice(0, 300)}`)
  } catch (err) {
    if (err instanceof SimulationUnavailable) throw err
    throw new SimulationUnavailable(err instanceof Error ? `${err.name}: ${err.message}` : String(err))
  }
  return readSimulationAnswer(text, calls.length)
}

const HEX = /^0x[0-9a-fA-F]*$/
const WORD = /^0x[0-9a-fA-F]{64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const GAS = /^0x[0-9a-fA-F]{1,16}$/

type Fields = Record<string, unknown>
const fieldsOf = (x: unknown): Fields | null =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Fields) : null
const matches = (x: unknown, pattern: RegExp): x is string => typeof x === 'string' && pattern.test(x)

/**
 * The node's answer as calls, one per call sent: anything but exactly one simulated block whose calls
 * have the expected fields (status 0x0/0x1, gasUsed, returnData, logs of address, ≤ 4 topics and data)
 * is a SimulationUnavailable. Fields beyond these are ignored, never passed on.
 */
export function readSimulationAnswer(text: string, callCount: number): SimulatedCall[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new SimulationUnavailable(`not JSON: ${text.slice(0, 300)}`)
  }
  const answer = fieldsOf(json)
  const blocks = answer?.result
  const block = Array.isArray(blocks) && blocks.length === 1 ? fieldsOf(blocks[0]) : null
  const rawCalls = block?.calls
  if (!Array.isArray(rawCalls)) {
    if (answer && 'error' in answer)
      throw new SimulationUnavailable(`node error: ${JSON.stringify(answer.error).slice(0, 300)}`)
    throw new SimulationUnavailable(`unexpected answer: ${text.slice(0, 300)}`)
  }
  if (rawCalls.length !== callCount)
    throw new SimulationUnavailable(`${rawCalls.length} call results for ${callCount} calls`)
  const logs = rawCalls.reduce<number>((sum, c) => {
    const list = fieldsOf(c)?.logs
    return sum + (Array.isArray(list) ? list.length : 0)
  }, 0)
  if (logs > MAX_SIMULATION_LOGS)
    throw new SimulationUnavailable(`${logs} logs (at most ${MAX_SIMULATION_LOGS})`)
  return rawCalls.map((raw) => {
    const call = callOf(raw)
    if (!call) throw new SimulationUnavailable(`unexpected answer: ${text.slice(0, 300)}`)
    return call
  })
}

function callOf(raw: unknown): SimulatedCall | null {
  const call = fieldsOf(raw)
  if (
    !call ||
    (call.status !== '0x0' && call.status !== '0x1') ||
    !matches(call.gasUsed, GAS) ||
    !matches(call.returnData, HEX) ||
    !Array.isArray(call.logs)
  )
    return null
  const logs: SimulatedLog[] = []
  for (const item of call.logs) {
    const log = logOf(item)
    if (!log) return null
    logs.push(log)
  }
  return {
    success: call.status === '0x1',
    gasUsed: BigInt(call.gasUsed),
    returnData: call.returnData.toLowerCase() as Hex,
    logs,
  }
}

function logOf(raw: unknown): SimulatedLog | null {
  const log = fieldsOf(raw)
  if (!log || !matches(log.address, ADDRESS) || !matches(log.data, HEX)) return null
  const { topics } = log
  if (!Array.isArray(topics) || topics.length > 4 || !topics.every((t) => matches(t, WORD))) return null
  return { address: log.address, topics: [...topics] as string[], data: log.data }
}
