/**
 * A chain down: /ready answers 503 (a load balancer stops sending traffic), /health stays 200 (a
 * liveness probe would restart the API for nothing), and neither tells a caller the RPC's error text.
 */
import { join } from 'node:path'
import type { ApiHealthResponse } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, tempDir } from './helpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>

beforeAll(async () => {
  dir = tempDir('portico-api-health-hostile-')
  api = await startApi({
    port: 0,
    // Nothing listens there: the indexer's calls fail and /health says so.
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: true, pollMs: 20 },
    logLevel: 'silent',
    rpcTimeoutMs: 500,
  })
})
afterAll(async () => {
  await api?.close()
  dir?.remove()
})

describe('/health and /ready with a chain down', () => {
  it('/ready answers 503 naming the chain; /health 200 with the chain failing; no error text', async () => {
    let res = await getJson<ApiHealthResponse>(`${api.url}/health`)
    for (let i = 0; i < 100 && res.body.chains[0]?.indexing !== 'failing'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      res = await getJson<ApiHealthResponse>(`${api.url}/health`)
    }
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, database: 'sqlite' })
    expect(res.body.chains[0]).toMatchObject({ chainId: 'eip155:31337', indexing: 'failing' })
    const ready = await getJson<{ ok: boolean; checks: Record<string, string> }>(`${api.url}/ready`)
    expect(ready.status).toBe(503)
    expect(ready.body.ok).toBe(false)
    expect(Object.values(ready.body.checks)).toContain('failing')
    for (const body of [res.body, ready.body])
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed/)
  })
})
