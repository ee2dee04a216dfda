import { request } from 'node:http'
import { join } from 'node:path'
import type { ApiErrorBody } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, tempDir } from './helpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>

beforeAll(async () => {
  dir = tempDir('portico-api-rate-hostile-')
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    projectIds: ['public'],
    // Refill so slow (one per 1000 s) that no token comes back while the test runs.
    rateLimit: { perSecond: 0.001, burst: 3 },
    clientIdRateLimit: { perSecond: 0.001, burst: 2 },
    projectRateLimit: { perSecond: 0.001, burst: 8 },
    indexer: { enabled: false },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

/** GET /v1/supported-chains from the local address `from` (127.0.0.x: another client IP). */
function call(
  from: string,
  clientId?: string,
): Promise<{ status: number; body: ApiErrorBody; retryAfter?: string }> {
  const url = new URL(
    `${api.url}/v1/supported-chains?projectId=public${clientId ? `&clientId=${clientId}` : ''}`,
  )
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, localAddress: from },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as ApiErrorBody,
            ...(res.headers['retry-after'] !== undefined && {
              retryAfter: String(res.headers['retry-after']),
            }),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('one client flooding a public projectId', () => {
  it('spends its own IP address’s quota only, however many clientIds it invents, up to the project ceiling', async () => {
    const flooder = []
    for (let i = 0; i < 3; i++) flooder.push((await call('127.0.0.1', 'flooder')).status)
    // One clientId may spend its share (2) of its IP's budget (3)…
    expect(flooder).toEqual([200, 200, 429])
    // …and inventing new ones spends the rest of that IP's budget, never more.
    const inventing = []
    for (let i = 0; i < 6; i++) inventing.push((await call('127.0.0.1', `invented-${i}`)).status)
    expect(inventing).toEqual([200, 429, 429, 429, 429, 429])
    const limited = await call('127.0.0.1', 'invented-again')
    expect(limited.body.message).toMatch(/from this IP address/)
    expect(Number(limited.retryAfter)).toBeGreaterThan(0)

    // Another IP address keeps its own budget, with or without a clientId.
    const honest = []
    for (let i = 0; i < 2; i++) honest.push((await call('127.0.0.2', 'honest')).status)
    expect(honest).toEqual([200, 200])
    expect((await call('127.0.0.2')).status).toBe(200)
    expect((await call('127.0.0.3')).status).toBe(200)
    expect((await call('127.0.0.3')).status).toBe(200)

    // 3 + 3 + 2 = 8: the project's ceiling is reached, whoever asks next.
    const ceiling = await call('127.0.0.4', 'newcomer')
    expect(ceiling.status).toBe(429)
    expect(ceiling.body.message).toMatch(/all clients together/)
  })
})
