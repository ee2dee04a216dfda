import type { KernelState, ModalOptions, Network } from '@portico/shared-types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type DirectoryTestServer,
  startDirectoryServer,
  testWallets,
} from '../../test/directory/directoryTestServer.ts'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createSafeStorage, memoryBackend } from '../storage/storage.ts'
import { createDirectoryClient } from './directory.ts'
import {
  createDirectoryController,
  type DirectoryControllerOptions,
  setupDirectory,
} from './directoryController.ts'

const local: Network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  name: 'Local',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const solana: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
}

let server: DirectoryTestServer
afterEach(() => server?.close())

function kernelFor(url: string, extra: Partial<ModalOptions> = {}) {
  const options: ModalOptions = {
    projectId: 'p1',
    networks: [local, solana],
    walletDirectoryUrl: url,
    ...extra,
  }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  return {
    store,
    bus: createEventBus(),
    log,
    storage: createSafeStorage(memoryBackend(), log),
    cleanups: [],
  } as unknown as Kernel
}

function setup(extra: Partial<ModalOptions> = {}, options: DirectoryControllerOptions = {}) {
  const kernel = kernelFor(server.url, extra)
  const client = createDirectoryClient({
    baseUrl: server.url,
    projectId: 'p1',
    sdkType: 'portico',
    sdkVersion: '1.7.0',
    baseDelayMs: 1,
  })
  const preloaded: string[] = []
  const controller = createDirectoryController(kernel, client, {
    preloadImage: async (url, timeoutMs) => {
      expect(timeoutMs).toBe(2_000)
      preloaded.push(url)
    },
    searchMinWaitMs: 0,
    ...options,
  })
  return { kernel, controller, preloaded, wallets: () => kernel.store.get().wallets }
}

const calls = (path: string) =>
  server.requests.filter((url) => url.pathname === path).map((url) => Object.fromEntries(url.searchParams))

describe('wallet directory controller', () => {
  it('first open: featured in the configured order, recommended 4, excluded RDNS, analytics config', async () => {
    server = await startDirectoryServer(
      testWallets(100, [
        { id: 'ex1', name: 'Excluded One', rdns: 'com.excluded.one', chains: ['eip155:1'] },
        { id: 'ex2', name: 'Excluded Two', rdns: null, chains: ['eip155:1'] },
      ]),
    )
    const { controller, wallets } = setup({
      featuredWalletIds: ['w050', 'w003', 'w020'],
      excludeWalletIds: ['ex1', 'ex2'],
      includeWalletIds: [],
    })
    expect(server.requests).toHaveLength(0)
    await controller.initialize()
    expect(wallets().featured.map((w) => w.id)).toEqual(['w050', 'w003', 'w020'])
    expect(calls('/getWallets')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          page: '1',
          entries: '3',
          include: 'w050,w003,w020',
          projectId: 'p1',
          st: 'portico',
        }),
        {
          projectId: 'p1',
          st: 'portico',
          sv: '1.7.0',
          page: '1',
          entries: '4',
          exclude: 'ex1,ex2,w050,w003,w020',
          chains: 'eip155:31337,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        },
        expect.objectContaining({ page: '1', entries: '2', include: 'ex1,ex2' }),
      ]),
    )
    expect(wallets().recommended.map((w) => w.id)).toEqual(['w001', 'w002', 'w004', 'w005'])
    expect(wallets().count).toBe(97)
    expect(wallets().excludedRDNS).toEqual(['com.excluded.one'])
    expect(wallets().isAnalyticsEnabled).toBe(true)
    expect(calls('/getAnalyticsConfig')).toHaveLength(1)

    // Done once: a second open asks nothing.
    const before = server.requests.length
    await controller.initialize()
    expect(server.requests.length).toBe(before)
  })

  it('asks for no featured wallets or excluded RDNS when none are configured', async () => {
    server = await startDirectoryServer(testWallets(10))
    const { controller } = setup()
    await controller.initialize()
    expect(calls('/getWallets')).toHaveLength(1)
    expect(calls('/getWallets')[0]).toMatchObject({ entries: '4' })
  })

  it('a failed analytics config turns analytics off; failed recommended wallets are ignored and asked again', async () => {
    server = await startDirectoryServer(testWallets(10))
    server.fail('/getAnalyticsConfig', 500)
    server.fail('/getWallets', 503)
    const { controller, kernel, wallets } = setup()
    await expect(controller.initialize()).resolves.toBeUndefined()
    expect(wallets().isAnalyticsEnabled).toBe(false)
    expect(wallets().recommended).toEqual([])
    expect(kernel.log.warn).toHaveBeenCalledWith(
      'Portico: analytics config unavailable, analytics off',
      expect.anything(),
    )

    server.fail('/getWallets', undefined)
    server.fail('/getAnalyticsConfig', undefined)
    await controller.initialize()
    expect(wallets().recommended.map((w) => w.id)).toEqual(['w001', 'w002', 'w003', 'w004'])
    // The analytics config is not asked twice: it stays off for this page.
    expect(calls('/getAnalyticsConfig').length).toBe(4)
    expect(wallets().isAnalyticsEnabled).toBe(false)
  })

  it('features.analytics false: the config is never asked', async () => {
    server = await startDirectoryServer(testWallets(3))
    const { controller, wallets } = setup({ features: { analytics: false } })
    await controller.initialize()
    expect(calls('/getAnalyticsConfig')).toHaveLength(0)
    expect(wallets().isAnalyticsEnabled).toBe(false)
  })

  it('pages the full list 40 at a time, preloading the first 20 images of each page', async () => {
    server = await startDirectoryServer(testWallets(95))
    const { controller, wallets, preloaded } = setup({ featuredWalletIds: ['w001'] })
    const first = controller.fetchNextPage()
    // A second call while one is in flight is the same call.
    expect(controller.fetchNextPage()).toBe(first)
    await first
    expect(wallets().wallets.map((w) => w.id)).toEqual(
      testWallets(41)
        .slice(1)
        .map((w) => w.id),
    )
    expect(wallets()).toMatchObject({ page: 1, count: 94, fetching: false })
    expect(preloaded).toHaveLength(20)
    expect(preloaded[0]).toBe(`${server.url}/getWalletImage/img-002?projectId=p1&st=portico&sv=1.7.0`)
    expect(controller.hasMore()).toBe(true)
    await controller.fetchNextPage()
    await controller.fetchNextPage()
    expect(wallets().wallets).toHaveLength(94)
    expect(wallets().page).toBe(3)
    expect(controller.hasMore()).toBe(false)
    await controller.fetchNextPage()
    expect(calls('/getWallets').map((q) => [q.page, q.entries, q.exclude])).toEqual([
      ['1', '40', 'w001'],
      ['2', '40', 'w001'],
      ['3', '40', 'w001'],
    ])
  })

  it('a failed page rejects, leaves the list as it was and can be asked again', async () => {
    server = await startDirectoryServer(testWallets(50))
    const { controller, wallets } = setup()
    await controller.fetchNextPage()
    server.fail('/getWallets', 500)
    await expect(controller.fetchNextPage()).rejects.toThrow('status 500')
    expect(wallets()).toMatchObject({ page: 1, fetching: false })
    expect(wallets().wallets).toHaveLength(40)
    server.fail('/getWallets', undefined)
    await controller.fetchNextPage()
    expect(wallets().wallets).toHaveLength(50)
  })

  it('search: trimmed, 100 entries, takes at least the minimum wait, a newer search wins', async () => {
    server = await startDirectoryServer(testWallets(150))
    const { controller, wallets } = setup({ excludeWalletIds: ['w011'] }, { searchMinWaitMs: 300 })
    const started = performance.now()
    await expect(controller.search('  wallet 01 ')).resolves.toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(295)
    expect(calls('/getWallets').at(-1)).toMatchObject({
      page: '1',
      entries: '100',
      search: 'wallet 01',
      exclude: 'w011',
    })
    expect(wallets().search.map((w) => w.id)).toEqual([
      'w010',
      'w012',
      'w013',
      'w014',
      'w015',
      'w016',
      'w017',
      'w018',
      'w019',
    ])

    server.delayMs = 50
    const older = controller.search('wallet 02')
    const newer = controller.search('wallet 030')
    await expect(older).resolves.toBe(false)
    await expect(newer).resolves.toBe(true)
    expect(wallets().search.map((w) => w.id)).toEqual(['w030'])

    controller.clearSearch()
    expect(wallets().search).toEqual([])
    await expect(controller.search('   ')).resolves.toBe(true)
    expect(wallets().search).toEqual([])
  })

  it('setupDirectory: nothing without walletDirectoryUrl; otherwise initialised on the first open', async () => {
    server = await startDirectoryServer(testWallets(5))
    const none = kernelFor(server.url)
    none.store.update((draft) => {
      delete draft.options.walletDirectoryUrl
    })
    expect(setupDirectory(none, { error: vi.fn() })).toBeUndefined()

    // jsdom loads no images: this one loads at once, so the default preloader is exercised.
    const loaded: string[] = []
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null
        onerror: (() => void) | null = null
        set src(url: string) {
          loaded.push(url)
          setTimeout(() => this.onload?.(), 1)
        }
      },
    )
    const kernel = kernelFor(server.url)
    const controller = setupDirectory(kernel, { error: vi.fn() })
    expect(controller).toBeDefined()
    expect(server.requests).toHaveLength(0)
    kernel.bus.emit('MODAL_OPEN', { view: 'Connect' })
    await vi.waitFor(() => expect(kernel.store.get().wallets.recommended).toHaveLength(4))
    expect(loaded).toHaveLength(4)
    vi.unstubAllGlobals()
  })
})
