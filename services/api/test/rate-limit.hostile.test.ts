import { join } from 'node:path'
import type { ApiErrorBody } from '@portico/shared-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, tempDir } from './helpers.ts'

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
    projectRateLimit: { perSecond: 0.001, burst: 8 },
    indexer: { enabled: false },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

const call = (clientId?: string) =>
  getJson<ApiErrorBody>(
    `${api.url}/v1/supported-chains?projectId=public${clientId ? `&clientId=${clientId}` : ''}`,
  )

describe('one client flooding a public projectId', () => {
  it('spends its own quota only: a second client keeps its quota, up to the project ceiling', async () => {
    const flood = []
    for (let i = 0; i < 10; i++) flood.push((await call('flooder')).status)
    expect(flood).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429])
    const limited = await call('flooder')
    expect(limited.body.message).toMatch(/from this client/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)

    const honest = []
    for (let i = 0; i < 3; i++) honest.push((await call('honest')).status)
    expect(honest).toEqual([200, 200, 200])
    // Without a clientId the caller is its IP address: another client again.
    expect((await call()).status).toBe(200)
    expect((await call()).status).toBe(200)

    // 3 + 3 + 2 = 8: the project's ceiling is reached, whoever asks next.
    const ceiling = await call('newcomer')
    expect(ceiling.status).toBe(429)
    expect(ceiling.body.message).toMatch(/all clients together/)
  })
})
