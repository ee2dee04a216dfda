/**
 * eth_simulateV1 on the chain's node: the calls in one simulated block, with `traceTransfers` (native
 * value moves show as ERC-20-like Transfer logs from 0xeeee…eeee) and without validation (nonce, fee
 * and balance checks are the wallet's business; the preview is about effects). The answer is read
 * while counting bytes and checked against a schema: a node that fails, stalls, or answers nonsense is
 * a SimulationUnavailable, whose detail goes to the log only.
 */

import type { PreviewedCall } from '@portico/shared-types/preview-digest'
import * as v from 'valibot'
import type { Address, Hex } from 'viem'
import { readBoundedText } from '../http/boundedBody.ts'
import { MAX_SIMULATION_ANSWER_BYTES, MAX_SIMULATION_LOGS, SIMULATION_TIMEOUT_MS } from './limits.ts'

export class SimulationUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`simulation unavailable: ${detail}`)
  }
}

const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))
const word = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/))
const Log = v.object({
  address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  topics: v.pipe(v.array(word), v.maxLength(4)),
  data: hex,
})
const Call = v.object({
  status: v.picklist(['0x0', '0x1']),
  gasUsed: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,16}$/)),
  returnData: hex,
  logs: v.array(Log),
})
const Answer = v.union([
  v.object({ result: v.pipe(v.array(v.object({ calls: v.array(Call) })), v.length(1)) }),
  v.object({ error: v.unknown() }),
])

export type SimulatedLog = v.InferOutput<typeof Log>
export interface SimulatedCall {
  success: boolean
  gasUsed: bigint
  returnData: Hex
  logs: SimulatedLog[]
}

export async function simulateCalls(
  rpcUrl: string,
  from: Address,
  calls: PreviewedCall[],
): Promise<SimulatedCall[]> {
  const request = {
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
  let text: string
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(SIMULATION_TIMEOUT_MS),
    })
    text = await readBoundedText(response, MAX_SIMULATION_ANSWER_BYTES)
    if (!response.ok) throw new SimulationUnavailable(`HTTP ${response.status}: ${text.slice(0, 300)}`)
  } catch (err) {
    if (err instanceof SimulationUnavailable) throw err
    throw new SimulationUnavailable(err instanceof Error ? `${err.name}: ${err.message}` : String(err))
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new SimulationUnavailable(`not JSON: ${text.slice(0, 300)}`)
  }
  const answer = v.safeParse(Answer, json)
  if (!answer.success) throw new SimulationUnavailable(`unexpected answer: ${text.slice(0, 300)}`)
  if ('error' in answer.output)
    throw new SimulationUnavailable(`node error: ${JSON.stringify(answer.output.error).slice(0, 300)}`)
  const simulated = answer.output.result[0]?.calls ?? []
  if (simulated.length !== calls.length)
    throw new SimulationUnavailable(`${simulated.length} call results for ${calls.length} calls`)
  const logs = simulated.reduce((sum, c) => sum + c.logs.length, 0)
  if (logs > MAX_SIMULATION_LOGS)
    throw new SimulationUnavailable(`${logs} logs (at most ${MAX_SIMULATION_LOGS})`)
  return simulated.map((c) => ({
    success: c.status === '0x1',
    gasUsed: BigInt(c.gasUsed),
    returnData: c.returnData.toLowerCase() as Hex,
    logs: c.logs,
  }))
}
