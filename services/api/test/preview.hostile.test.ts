/**
 * POST /v1/preview against hostile input and a hostile node: bodies and payloads past their bounds are
 * refused, and a node that fails, stalls, lies about the shape of its answer or floods it ends in the
 * fixed 'unavailable' answer, never with what the node said.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { parsePrometheusText, samplesOf } from '@portico/ops'
import type { PreviewResponse } from '@portico/shared-types/api'
import { pad } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import {
  MAX_BATCH_CALLS,
  MAX_CALLDATA_BYTES,
  MAX_PREVIEW_BODY_BYTES,
  MAX_SIMULATION_ANSWER_BYTES,
  MAX_SIMULATION_LOGS,
  MAX_TYPED_DATA_DEPTH,
} from '../src/preview/limits.ts'
import { UNAVAILABLE_MESSAGE } from '../src/preview/service.ts'
import { getJson, PROJECT, postJson, tempDir } from './helpers.ts'

const SECRET = 'node-secret-/home/operator/.keys/rpc-token-42'
const USER = '0x1111111111111111111111111111111111111111'
const TOKEN = '0x3333333333333333333333333333333333333333'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

type Behaviour = { kind: 'answer'; status: number; body: string } | { kind: 'hang' } | { kind: 'endless' }
/** What the fake node does with the next eth_simulateV1; every other call gets "0x". */
let behaviour: Behaviour = { kind: 'answer', status: 200, body: '{}' }
let node: Server
let api: ApiServer
let dir: ReturnType<typeof tempDir>

function serve(req: IncomingMessage, res: ServerResponse): void {
  let raw = ''
  req.on('data', (chunk: Buffer) => {
    raw += chunk.toString()
  })
  req.on('end', () => {
    const parsed = JSON.parse(raw) as { id: number; method: string } | { id: number; method: string }[]
    if (Array.isArray(parsed) || parsed.method !== 'eth_simulateV1') {
      const one = (r: { id: number }) => ({ jsonrpc: '2.0', id: r.id, result: '0x' })
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(one) : one(parsed)))
      return
    }
    if (behaviour.kind === 'hang') return
    if (behaviour.kind === 'endless') {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = `{"jsonrpc":"2.0","id":1,"result":[${' '.repeat(64 * 1024)}`
      const push = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once('drain', push)
      }
      push()
      return
    }
    res.writeHead(behaviour.status, { 'content-type': 'application/json' })
    res.end(behaviour.body)
  })
}

const rpcResult = (calls: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: [{ calls }] })
const okCall = (logs: unknown[]) => ({ status: '0x1', gasUsed: '0x5208', returnData: '0x', logs })
const incoming = { address: TOKEN, topics: [TRANSFER, pad(TOKEN), pad(USER)], data: pad('0x01') }

beforeAll(async () => {
  dir = tempDir('portico-api-preview-hostile-')
  node = createServer(serve)
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${(node.address() as AddressInfo).port}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    logLevel: 'silent',
  })
})
afterAll(async () => {
  await api?.close()
  node?.closeAllConnections()
  await new Promise((resolve) => node?.close(resolve))
  dir?.remove()
})

const url = () => `${api.url}/v1/preview?projectId=${PROJECT}`
const transaction = (data = '0x') => ({
  chainId: 'eip155:31337',
  transaction: { from: USER, to: TOKEN, data },
})

describe('requests past the preview bounds', () => {
  it('refuses a body larger than the limit while reading it (413)', async () => {
    const body = JSON.stringify({ ...transaction(), padding: 'x'.repeat(MAX_PREVIEW_BODY_BYTES) })
    const res = await getJson(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(413)
  })

  it('refuses a batch with too many calls, and calldata longer than allowed', async () => {
    const calls = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => ({ to: TOKEN }))
    const many = await postJson<{ message: string }>(url(), {
      chainId: 'eip155:31337',
      batch: { from: USER, calls },
    })
    expect(many.status).toBe(400)
    expect(many.body.message).toMatch(`at most ${MAX_BATCH_CALLS} calls`)
    const long = await postJson(url(), transaction(`0x${'00'.repeat(MAX_CALLDATA_BYTES + 1)}`))
    expect(long.status).toBe(400)
  })

  it('refuses typed data nested deeper than allowed before anything walks it', async () => {
    let message: Record<string, unknown> = { leaf: '1' }
    for (let i = 0; i < MAX_TYPED_DATA_DEPTH; i++) message = { inner: message }
    const payload = {
      domain: {},
      types: { Deep: [{ name: 'inner', type: 'Deep' }] },
      primaryType: 'Deep',
      message,
    }
    const res = await postJson<{ message: string }>(url(), {
      chainId: '31337',
      typedData: { from: USER, payload },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(`at most ${MAX_TYPED_DATA_DEPTH} levels deep`)
  })

  it('refuses a request with more than one thing to preview', async () => {
    const res = await postJson(url(), { ...transaction(), batch: { from: USER, calls: [{ to: TOKEN }] } })
    expect(res.status).toBe(400)
  })
})

describe('a node that fails or lies', () => {
  const cases: [string, Behaviour][] = [
    [
      'a JSON-RPC error (method not supported)',
      {
        kind: 'answer',
        status: 200,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: SECRET } }),
      },
    ],
    ['an HTTP error with its own text', { kind: 'answer', status: 500, body: SECRET }],
    ['not JSON', { kind: 'answer', status: 200, body: `<html>${SECRET}` }],
    [
      'a result of the wrong shape',
      { kind: 'answer', status: 200, body: JSON.stringify({ result: { secret: SECRET } }) },
    ],
    [
      'results for more calls than were sent',
      { kind: 'answer', status: 200, body: rpcResult([okCall([]), okCall([])]) },
    ],
    [
      'more logs than are processed',
      {
        kind: 'answer',
        status: 200,
        body: rpcResult([okCall(Array.from({ length: MAX_SIMULATION_LOGS + 1 }, () => incoming))]),
      },
    ],
    [
      'an answer larger than is read',
      {
        kind: 'answer',
        status: 200,
        body: rpcResult([okCall([])]).padEnd(MAX_SIMULATION_ANSWER_BYTES + 10, ' '),
      },
    ],
    ['an endless answer', { kind: 'endless' }],
  ]
  for (const [what, next] of cases)
    it(`answers 'unavailable' with the fixed message for ${what}`, async () => {
      behaviour = next
      const res = await postJson<PreviewResponse>(url(), transaction())
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ kind: 'unavailable', message: UNAVAILABLE_MESSAGE })
      expect(JSON.stringify(res.body)).not.toContain('rpc-token-42')
    })

  it("answers 'unavailable' when the node does not answer in time", async () => {
    behaviour = { kind: 'hang' }
    const res = await postJson<PreviewResponse>(url(), transaction())
    expect(res.body).toMatchObject({ kind: 'unavailable', message: UNAVAILABLE_MESSAGE })
  }, 20_000)

  it('counts unavailable previews for the operator (/metrics), where the UI only sees the fixed message', async () => {
    const samples = parsePrometheusText(await fetch(`${api.url}/metrics`).then((r) => r.text()))
    const unavailable = samplesOf(samples, 'portico_api_previews_total', { outcome: 'unavailable' })[0]?.value
    expect(unavailable).toBeGreaterThanOrEqual(cases.length)
  })

  it('binds the answer to the request, not to what the node claims: one byte more, another digest', async () => {
    behaviour = { kind: 'answer', status: 200, body: rpcResult([okCall([incoming])]) }
    const a = await postJson<PreviewResponse>(url(), transaction('0xaa'))
    const b = await postJson<PreviewResponse>(url(), transaction('0xab'))
    expect(a.body).toMatchObject({
      kind: 'transaction',
      status: 'success',
      changes: [{ direction: 'in', amount: '1' }],
    })
    expect(b.body).toMatchObject({ kind: 'transaction', status: 'success' })
    expect(a.body.digest).not.toBe(b.body.digest)
  })
})
