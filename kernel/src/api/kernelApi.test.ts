import type { KernelState, ModalOptions } from '@portico/shared-types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { memoryBackend } from '../storage/storage.ts'
import { createKernelApi } from './kernelApi.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let server: TestServer
afterEach(() => server?.close())

function apiFor(url: string, networks: ModalOptions['networks'] = [network]) {
  const options: ModalOptions = { projectId: 'portico-dev', networks, apiUrl: url }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const api = createKernelApi(store, memoryBackend(), log)
  if (!api) throw new Error('expected an API client')
  return api
}

describe('kernel API client', () => {
  it('is absent without apiUrl', () => {
    const options: ModalOptions = { projectId: 'p', networks: [network] }
    const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
    expect(createKernelApi(store, memoryBackend(), log)).toBeUndefined()
  })

  it("gates calls on the API's own supported-chains list, read once", async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [] } })
    const api = apiFor(server.url)
    await expect(api.fetchBalances(ADDRESS, 'eip155:31337')).resolves.toEqual([])
    await expect(api.fetchBalances(ADDRESS, 'eip155:999999')).resolves.toEqual([])
    await expect(api.fetchGasPrice('eip155:999999')).rejects.toThrow('Network not supported for Gas Price')
    const paths = server.requests.map((request) => request.path)
    expect(paths.filter((path) => path === '/v1/supported-chains')).toHaveLength(1)
    expect(paths.filter((path) => path.endsWith('/balance'))).toHaveLength(1)
    expect(server.requests[1]?.query.get('projectId')).toBe('portico-dev')
  })

  it("sends the network's configured tokens as forceUpdate on the balance call", async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [] } })
    const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const api = apiFor(server.url, [{ ...network, tokens: [USDC, 'not an address'] }])
    await api.fetchBalances(ADDRESS, 'eip155:31337')
    const balanceCall = server.requests.find((request) => request.path.endsWith('/balance'))
    expect(balanceCall?.query.get('forceUpdate')).toBe(`eip155:31337:${USDC.toLowerCase()}`)
  })

  it('falls back to the built-in list when the supported chains cannot be read, and retries later', async () => {
    server = await startTestServer()
    server.on(
      'GET /v1/supported-chains',
      { status: 400, body: { message: 'no' } },
      { body: { http: ['eip155:31337'], ws: [] } },
    )
    server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [] } })
    const api = apiFor(server.url)
    await api.fetchBalances(ADDRESS, 'eip155:31337')
    expect(server.requests.some((request) => request.path.endsWith('/balance'))).toBe(false)
    expect(log.warn).toHaveBeenCalled()
    await api.fetchBalances(ADDRESS, 'eip155:31337')
    expect(server.requests.some((request) => request.path.endsWith('/balance'))).toBe(true)
  })
})
