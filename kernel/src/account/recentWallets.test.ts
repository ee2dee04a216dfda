import type { Connector, KernelState, ModalOptions } from '@portico/shared-types'
import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { createSafeStorage, memoryBackend } from '../storage/storage.ts'
import { entryForConnector, recentWallets, trackRecentWallets } from './recentWallets.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const wallet = (rdns: string, name: string): Connector => ({
  id: rdns,
  type: 'ANNOUNCED',
  name,
  chain: 'eip155',
  imageUrl: `data:image/svg+xml,${rdns}`,
  info: { rdns },
})

function kernelWith(connectors: Connector[]) {
  const options: ModalOptions = { projectId: 'p', networks: [network] }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  store.update((draft) => {
    draft.connectors = connectors
  })
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const backend = memoryBackend()
  const kernel = {
    store,
    bus: createEventBus(),
    log,
    storage: createSafeStorage(backend, log),
  } as unknown as Kernel
  const connect = (connectorId: string, method: 'browser' | 'qrcode' = 'browser') => {
    store.update((draft) => {
      const account = draft.accounts.eip155
      if (account) {
        account.status = 'connected'
        account.connectorId = connectorId
      }
    })
    kernel.bus.emit('CONNECT_SUCCESS', { method, name: connectorId, namespace: 'eip155' })
  }
  return { kernel, backend, connect }
}

describe('recent wallets (behaviour §3, §9)', () => {
  it('records browser wallets on connect, newest first, at most 2, under the behaviour reference key', () => {
    const { kernel, backend, connect } = kernelWith([
      wallet('dev.portico.wallet', 'Portico Dev Wallet'),
      wallet('com.a', 'A'),
      wallet('com.b', 'B'),
    ])
    const stop = trackRecentWallets(kernel)
    connect('dev.portico.wallet')
    expect(recentWallets(kernel)).toEqual([
      {
        id: 'dev.portico.wallet',
        wallet: {
          id: 'dev.portico.wallet',
          name: 'Portico Dev Wallet',
          rdns: 'dev.portico.wallet',
          image_url: 'data:image/svg+xml,dev.portico.wallet',
        },
      },
    ])
    connect('com.a')
    connect('com.b')
    connect('com.a')
    expect(recentWallets(kernel).map((recent) => recent.id)).toEqual(['com.a', 'com.b'])
    expect(JSON.parse(backend.getItem(STORAGE_KEYS.recentWallets) ?? '[]')).toHaveLength(2)
    // WalletConnect records its own wallet; a qrcode connection is not recorded here.
    connect('dev.portico.wallet', 'qrcode')
    expect(recentWallets(kernel).map((recent) => recent.id)).toEqual(['com.a', 'com.b'])
    stop()
    connect('dev.portico.wallet')
    expect(recentWallets(kernel).map((recent) => recent.id)).toEqual(['com.a', 'com.b'])
  })

  it("uses the directory's entry for the wallet's RDNS when one is loaded", () => {
    const { kernel } = kernelWith([wallet('dev.portico.wallet', 'Portico Dev Wallet')])
    const listed = {
      id: 'abc123',
      name: 'Portico Dev Wallet',
      rdns: 'dev.portico.wallet',
      image_url: 'http://dir/i.svg',
    }
    kernel.store.update((draft) => {
      draft.wallets.wallets = [listed]
    })
    const connector = kernel.store.get().connectors[0]
    if (!connector) throw new Error('no connector')
    expect(entryForConnector(kernel.store.get(), connector)).toEqual(listed)
  })

  it("connected before the directory's lists arrived: the connector now, the directory's entry once they are in", async () => {
    const { kernel, connect } = kernelWith([
      wallet('dev.portico.wallet', 'Portico Dev Wallet'),
      wallet('com.a', 'A'),
    ])
    let listsArrive: () => void = () => {}
    const lists = new Promise<void>((resolve) => {
      listsArrive = resolve
    })
    const stop = trackRecentWallets(kernel, () => lists)
    connect('com.a')
    connect('dev.portico.wallet')
    expect(recentWallets(kernel).map((recent) => recent.id)).toEqual(['dev.portico.wallet', 'com.a'])
    const listed = { id: 'f'.repeat(64), name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' }
    kernel.store.update((draft) => {
      draft.wallets.recommended = [listed]
    })
    listsArrive()
    await lists
    await Promise.resolve()
    // Replaced where it stood; the other wallet is kept.
    expect(recentWallets(kernel)).toEqual([
      { id: listed.id, wallet: listed },
      expect.objectContaining({ id: 'com.a' }),
    ])
    stop()
  })

  it('keeps the connector entry when the directory does not list the wallet or fails', async () => {
    const { kernel, connect } = kernelWith([wallet('dev.portico.wallet', 'Portico Dev Wallet')])
    const failing = Promise.reject(new Error('directory down'))
    trackRecentWallets(kernel, () => failing)
    connect('dev.portico.wallet')
    await failing.catch(() => undefined)
    await Promise.resolve()
    expect(recentWallets(kernel).map((recent) => recent.id)).toEqual(['dev.portico.wallet'])
  })

  it('ignores a malformed stored value', () => {
    const { kernel, backend } = kernelWith([])
    backend.setItem(STORAGE_KEYS.recentWallets, '{"not":"a list"}')
    expect(recentWallets(kernel)).toEqual([])
  })
})
