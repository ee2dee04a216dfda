import { join } from 'node:path'
import type { ApiErrorBody } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, tempDir } from './helpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>

beforeAll(async () => {
  dir = tempDir('portico-api-rate-')
  // No chain is needed for these routes: the chain URL points at a closed port, the indexer is off.
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    projectIds: ['slow', 'other'],
    rateLimit: { perSecond: 1, burst: 3 },
    indexer: { enabled: false },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

describe('per-project rate limit', () => {
  it('answers 429 with Retry-After once a project has used its burst, without touching other projects', async () => {
    const call = (project: string) =>
      getJson<ApiErrorBody>(`${api.url}/v1/supported-chains?projectId=${project}`)
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await call('slow')).status)
    expect(statuses).toEqual([200, 200, 200])
    const limited = await call('slow')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    expect(limited.body.message).toMatch(/Rate limit exceeded for project "slow"/)
    expect((await call('other')).status).toBe(200)
    // Unknown projects are refused before they could use anyone's budget.
    expect((await call('stranger')).status).toBe(403)
    await new Promise((r) => setTimeout(r, 1100))
    expect((await call('slow')).status).toBe(200)
  })

  it('does not count /health', async () => {
    for (let i = 0; i < 10; i++) expect((await getJson(`${api.url}/health`)).status).toBe(200)
  })
})
