import { describe, expect, it } from 'vitest'
import {
  MAX_SIMULATION_LOGS,
  readSimulationAnswer,
  SimulationUnavailable,
  simulationRequest,
} from './node.ts'

const WORD = `0x${'0'.repeat(63)}1`
const LOG = { address: `0x${'3'.repeat(40)}`, topics: [WORD, WORD], data: WORD }
const call = (fields: Record<string, unknown> = {}) => ({
  status: '0x1',
  gasUsed: '0x5208',
  returnData: '0xABCD',
  logs: [LOG],
  ...fields,
})
const answer = (calls: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: [{ calls }] })
const unavailable = (text: string, count = 1) => {
  try {
    readSimulationAnswer(text, count)
  } catch (err) {
    return err instanceof SimulationUnavailable
  }
  return false
}

describe('reading a node’s eth_simulateV1 answer (the API’s and the wallet frame’s one reader)', () => {
  it('the request: every call from the account, value in hex, one block on latest, transfers traced', () => {
    const from = `0x${'1'.repeat(40)}` as const
    expect(simulationRequest(from, [{ to: `0x${'2'.repeat(40)}`, value: 16n, data: '0x' }]).params).toEqual([
      {
        blockStateCalls: [{ calls: [{ from, to: `0x${'2'.repeat(40)}`, value: '0x10', data: '0x' }] }],
        traceTransfers: true,
        validation: false,
      },
      'latest',
    ])
  })

  it('takes the expected fields of each call and nothing else', () => {
    const [read] = readSimulationAnswer(answer([call({ error: { message: 'node text' }, extra: 1 })]), 1)
    expect(read).toEqual({ success: true, gasUsed: 0x5208n, returnData: '0xabcd', logs: [LOG] })
    expect(readSimulationAnswer(answer([call({ status: '0x0' })]), 1)[0]?.success).toBe(false)
  })

  it('refuses what is not exactly one block of well-formed calls, one per call sent', () => {
    expect(unavailable('<html>')).toBe(true)
    expect(unavailable(JSON.stringify({ error: { code: -32601 } }))).toBe(true)
    expect(unavailable(JSON.stringify({ result: [] }))).toBe(true)
    expect(unavailable(JSON.stringify({ result: [{ calls: [] }, { calls: [] }] }))).toBe(true)
    expect(unavailable(answer([call(), call()]))).toBe(true)
    expect(unavailable(answer([call()]), 2)).toBe(true)
    expect(unavailable(answer([call({ status: '0x2' })]))).toBe(true)
    expect(unavailable(answer([call({ gasUsed: `0x${'f'.repeat(17)}` })]))).toBe(true)
    expect(unavailable(answer([call({ returnData: 'abcd' })]))).toBe(true)
    expect(unavailable(answer([call({ logs: [{ ...LOG, topics: Array(5).fill(WORD) }] })]))).toBe(true)
    expect(unavailable(answer([call({ logs: [{ ...LOG, address: '0x12' }] })]))).toBe(true)
    expect(unavailable(answer([call({ logs: [{ ...LOG, data: 12 }] })]))).toBe(true)
  })

  it('refuses more logs than are read, rather than answering part of them', () => {
    expect(unavailable(answer([call({ logs: Array(MAX_SIMULATION_LOGS + 1).fill(LOG) })]))).toBe(true)
    expect(
      readSimulationAnswer(answer([call({ logs: Array(MAX_SIMULATION_LOGS).fill(LOG) })]), 1),
    ).toHaveLength(1)
  })
})
