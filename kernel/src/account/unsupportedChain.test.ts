// @vitest-environment node
import type { KernelState, ModalOptions } from '@portico/shared-types'
import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createViewRegistry } from '../router/registry.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createSafeStorage, memoryBackend } from '../storage/storage.ts'
import { setActiveChain } from './network.ts'
import { followWalletNetwork, isActiveNetworkSupported } from './unsupportedChain.ts'

const local = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}

function setup(extra: Partial<ModalOptions> = {}) {
  const options: ModalOptions = { projectId: 'p', networks: [local], ...extra }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const views = createViewRegistry()
  for (const name of ['Account', 'Connect', 'UnsupportedChain'])
    views.register(name, { component: () => null, title: name, owner: 'kernel' })
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const kernel = {
    store,
    bus: createEventBus(),
    log,
    views,
    storage: createSafeStorage(memoryBackend(), log),
    cleanups: [],
  } as unknown as Kernel
  const connect = () =>
    store.update((draft) => {
      const account = draft.accounts.eip155
      if (account) account.status = 'connected'
    })
  const view = () => store.get().router.history.at(-1)?.view
  return { kernel, store, connect, view }
}

describe('UnsupportedChain after connect (behaviour §2, §4, §5)', () => {
  it('a connected wallet moving to a network the app did not request opens UnsupportedChain', () => {
    const { kernel, store, connect, view } = setup()
    connect()
    expect(setActiveChain(kernel, 'eip155', 1)).toBe(false)
    followWalletNetwork(kernel, 'eip155')
    expect(store.get().modal.open).toBe(true)
    expect(view()).toBe('UnsupportedChain')
    // Back on a requested network while the view shows: Account.
    expect(setActiveChain(kernel, 'eip155', 31337)).toBe(true)
    followWalletNetwork(kernel, 'eip155')
    expect(view()).toBe('Account')
  })

  it('does nothing with allowUnsupportedChain, without a connection, or on a requested network', () => {
    const allowed = setup({ allowUnsupportedChain: true })
    allowed.connect()
    setActiveChain(allowed.kernel, 'eip155', 1)
    followWalletNetwork(allowed.kernel, 'eip155')
    expect(allowed.store.get().modal.open).toBe(false)

    const idle = setup()
    setActiveChain(idle.kernel, 'eip155', 1)
    followWalletNetwork(idle.kernel, 'eip155')
    expect(idle.store.get().modal.open).toBe(false)

    const fine = setup()
    fine.connect()
    setActiveChain(fine.kernel, 'eip155', 31337)
    followWalletNetwork(fine.kernel, 'eip155')
    expect(fine.store.get().modal.open).toBe(false)
  })

  it('a namespace with an empty requested list supports any network (isNetworkSupported)', () => {
    const { kernel, store } = setup()
    store.update((draft) => {
      const slice = draft.networks.byNamespace.eip155
      if (slice) slice.requestedCaipNetworks = []
    })
    expect(setActiveChain(kernel, 'eip155', 1)).toBe(true)
    expect(isActiveNetworkSupported(kernel, 'eip155')).toBe(true)
  })
})
