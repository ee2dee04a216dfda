/** Hostile review 12: /health answered 200 with `ok: false`; load balancers read the status. */
import { join } from 'node:path'
import type { ApiHealthResponse } from '@portico/shared-types'
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

describe('GET /health with a chain down', () => {
  it('answers 503 with ok: false (the body still says which chain and why)', async () => {
    let res = await getJson<ApiHealthResponse>(`${api.url}/health`)
    for (let i = 0; i < 100 && res.body.ok; i++) {
      await new Promise((r) => setTimeout(r, 50))
      res = await getJson<ApiHealthResponse>(`${api.url}/health`)
    }
    expect(res.body.ok).toBe(false)
    expect(res.status).toBe(503)
    expect(res.body.chains[0]?.lastError).toBeTruthy()
  })
})
