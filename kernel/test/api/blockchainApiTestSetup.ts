/** Test only: the blockchain API against a scripted local server (testServer.ts), core and feature calls. */
import type { CaipNetworkId } from '@portico/shared-types'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createBlockchainApi } from '../../src/api/blockchainApi.ts'
import { createFeatureCalls } from '../../src/api/blockchainApiFeatures.ts'
import type { StorageLike } from '../../src/api/ttlCache.ts'
import { startTestServer, type TestServer } from './testServer.ts'

export const ADDRESS = '0x1111111111111111111111111111111111111111'
export const TOKEN = 'eip155:1:0x2222222222222222222222222222222222222222'
export const USER = `eip155:1:${ADDRESS}`
export const SDK_QUERY = { projectId: 'p1', st: 'portico', sv: '1.7.0', clientId: 'c1' }

/** Starts one server for the calling test file and clears what it recorded before each test. */
export function startScriptedServer(): { readonly server: TestServer } {
  const holder = {} as { server: TestServer }
  beforeAll(async () => {
    holder.server = await startTestServer()
  })
  afterAll(() => holder.server.close())
  beforeEach(() => {
    holder.server.requests.length = 0
  })
  return holder
}

function memoryStorage(): StorageLike {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

/** eip155:1 and one Solana network are supported; the active network is eip155:1 unless given. */
export function setupApi(
  server: TestServer,
  {
    active = 'eip155:1' as CaipNetworkId | undefined,
    log,
  }: { active?: CaipNetworkId | undefined; log?: { warn: (...args: unknown[]) => void } } = {},
) {
  let time = 1_000_000
  const core = createBlockchainApi({
    baseUrl: server.url,
    projectId: 'p1',
    clientId: 'c1',
    sdkType: 'portico',
    sdkVersion: '1.7.0',
    isSupportedNetwork: (id) => id === 'eip155:1' || id === 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    activeNetwork: () => active,
    storage: memoryStorage(),
    now: () => time,
    baseDelayMs: 5,
    ...(log ? { log } : {}),
  })
  return { api: { ...core, ...createFeatureCalls(core.core) }, advance: (ms: number) => (time += ms) }
}

/** The last request the server received, its query and JSON body decoded. */
export function lastRequest(server: TestServer) {
  const request = server.requests.at(-1)
  if (!request) throw new Error('no request reached the server')
  return {
    ...request,
    query: Object.fromEntries(request.query),
    json: request.body ? JSON.parse(request.body) : undefined,
  }
}
