// @vitest-environment node
import type { KernelState, ModalOptions, Network } from '@portico/shared-types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentAlert, resetAlertsForTests } from '../alerts/alerts.ts'
import { BUILT_IN_NETWORKS } from '../chains/catalogue.ts'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createViewRegistry } from '../router/registry.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createSafeStorage, memoryBackend } from '../storage/storage.ts'
import { switchNetwork } from './switchNetwork.ts'

const local = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const { solana, solanaDevnet, mainnet } = BUILT_IN_NETWORKS

function setup(extra: Partial<ModalOptions> = {}) {
  const options: ModalOptions = { projectId: 'p', networks: [local, solanaDevnet], ...extra }
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
    providers: new Map(),
    storage: createSafeStorage(memoryBackend(), log),
    cleanups: [],
  } as unknown as Kernel
  return { kernel, store, log }
}

afterEach(resetAlertsForTests)

describe('switchNetwork (behaviour §2, §4, §8)', () => {
  it('an unknown network of the active namespace fails with exactly Network not found, alert once', async () => {
    const { kernel, log } = setup()
    await expect(switchNetwork(kernel, mainnet)).rejects.toThrow(/^Network not found$/)
    expect(currentAlert()?.id).toBe('switchNetworkNotFound')
    await expect(switchNetwork(kernel, mainnet)).rejects.toThrow(/^Network not found$/)
    const alertLogs = log.warn.mock.calls.filter(([text]) => String(text).includes('Network Not Found'))
    expect(alertLogs).toHaveLength(1)
  })

  it('a network of another namespace the app did not request shows UnsupportedChain', async () => {
    const { kernel, store } = setup()
    await switchNetwork(kernel, solana)
    expect(store.get().modal.open).toBe(true)
    expect(store.get().router.history.at(-1)?.view).toBe('UnsupportedChain')
    expect(store.get().networks.activeNamespace).toBe('eip155')
  })

  it('with allowUnsupportedChain the other namespace’s network becomes active (placeholder)', async () => {
    const { kernel, store } = setup({ allowUnsupportedChain: true })
    await switchNetwork(kernel, solana)
    expect(store.get().modal.open).toBe(false)
    expect(store.get().networks.activeNamespace).toBe('solana')
    expect(store.get().networks.byNamespace.solana?.caipNetwork?.caipNetworkId).toBe(solana.caipNetworkId)
  })

  it('a requested network of another namespace switches', async () => {
    const { kernel, store } = setup()
    await switchNetwork(kernel, solanaDevnet)
    expect(store.get().networks.activeNamespace).toBe('solana')
    expect(store.get().networks.byNamespace.solana?.caipNetwork?.name).toBe('Solana Devnet')
    expect(store.get().modal.open).toBe(false)
  })
})

describe('switchNetwork: the wallet’s answer (behaviour §8 chain-switch codes)', () => {
  const failOnce = (code: number) => {
    let failed = false
    return vi.fn(async ({ method }: { method: string }) => {
      if (method === 'wallet_switchEthereumChain' && !failed) {
        failed = true
        throw Object.assign(new Error('wallet refused'), { code })
      }
      return null
    })
  }
  function connectedWith(request: ReturnType<typeof failOnce>) {
    const other = { ...local, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Other' }
    const setupResult = setup({ networks: [local, other] })
    setupResult.kernel.providers.set('wallet', { request, on: vi.fn(), removeListener: vi.fn() })
    setupResult.store.update((draft) => {
      const account = draft.accounts.eip155
      if (!account) return
      account.status = 'connected'
      account.connectorId = 'wallet'
      account.address = '0x0000000000000000000000000000000000000001'
    })
    return { ...setupResult, other }
  }
  const methods = (request: ReturnType<typeof failOnce>) => request.mock.calls.map(([args]) => args.method)

  it.each([4902, 32603, -32603])('%i: the chain is added, then switched to', async (code) => {
    const request = failOnce(code)
    const { kernel, store, other } = connectedWith(request)
    await switchNetwork(kernel, other)
    expect(methods(request)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(store.get().networks.byNamespace.eip155?.caipNetwork?.id).toBe(31338)
  })

  it('5000 (the default error) fails the switch as the wallet said, adding nothing', async () => {
    const request = failOnce(5000)
    const { kernel, store, other } = connectedWith(request)
    await expect(switchNetwork(kernel, other)).rejects.toMatchObject({
      code: 5000,
      message: 'wallet refused',
    })
    expect(methods(request)).toEqual(['wallet_switchEthereumChain'])
    expect(store.get().networks.byNamespace.eip155?.caipNetwork?.id).toBe(31337)
  })

  it('no network at all (a script caller) is exactly CaipNetwork is undefined', async () => {
    const { kernel } = setup()
    await expect(switchNetwork(kernel, undefined as unknown as Network)).rejects.toThrow(
      /^CaipNetwork is undefined$/,
    )
  })
})
