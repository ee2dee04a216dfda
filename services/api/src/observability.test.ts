import { join } from 'node:path'
import { parsePrometheusText, samplesOf } from '@portico/ops'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, PROJECT, tempDir } from '../test/helpers.ts'
import { type ApiServer, startApi } from './server.ts'

let dir: ReturnType<typeof tempDir>
let api: ApiServer
beforeAll(async () => {
  dir = tempDir('portico-api-observability-')
  api = await startApi({
    port: 0,
    // A closed port: the chain is down, so /ready must say so.
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    logLevel: 'silent',
    rpcTimeoutMs: 500,
  })
})
afterAll(async () => {
  await api?.close()
  dir.remove()
})

describe('API observability', () => {
  it('/metrics: requests, latency and errors by route pattern, in Prometheus text', async () => {
    for (const id of [1, 2, 3]) await fetch(`${api.url}/v1/supported-chains?projectId=${PROJECT}&n=${id}`)
    await fetch(`${api.url}/v1/supported-chains`)
    await fetch(`${api.url}/no/such/path`)
    // A sign-in the API refuses (no message, no signature) counts as one.
    await fetch(`${api.url}/v1/siwx/verify?projectId=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    const res = await fetch(`${api.url}/metrics`)
    expect(res.status).toBe(200)
    const samples = parsePrometheusText(await res.text())
    const requests = (labels: Record<string, string>) =>
      samplesOf(samples, 'portico_http_requests_total', { service: 'api', ...labels })[0]?.value
    expect(requests({ route: '/v1/supported-chains', status: '200' })).toBe(3)
    expect(requests({ route: '/v1/supported-chains', status: '400' })).toBe(1)
    expect(requests({ route: '(unmatched)', status: '404' })).toBe(1)
    expect(
      samplesOf(samples, 'portico_http_errors_total', { route: '/v1/supported-chains', kind: 'client' })[0]
        ?.value,
    ).toBe(1)
    expect(
      samplesOf(samples, 'portico_http_request_duration_seconds_count', { route: '/v1/supported-chains' })[0]
        ?.value,
    ).toBe(4)
    expect(samplesOf(samples, 'portico_api_sign_ins_total', { result: 'refused' })[0]?.value).toBe(1)
    expect(samplesOf(samples, 'portico_api_sign_ins_total', { result: 'ok' })).toEqual([])
    expect(samples.some((s) => s.labels.route?.includes('n='))).toBe(false)
  })

  it('/ready: 503 naming the failing dependency while the chain is down; /health stays cheap', async () => {
    const ready = await fetch(`${api.url}/ready`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({
      ok: false,
      checks: { database: 'ok', 'chain eip155:31337': 'failing' },
    })
  })

  it('answers with the request id it logged: a bounded incoming one, else its own', async () => {
    const kept = await fetch(`${api.url}/v1/supported-chains?projectId=${PROJECT}`, {
      headers: { 'x-request-id': 'lb-42' },
    })
    expect(kept.headers.get('x-request-id')).toBe('lb-42')
    const replaced = await fetch(`${api.url}/v1/supported-chains?projectId=${PROJECT}`, {
      headers: { 'x-request-id': 'x'.repeat(200) },
    })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
