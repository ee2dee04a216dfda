/** Test helpers for the solana namespace: a kernel without UI and the networks it requests. */
import type { ModalOptions, Network } from '@portico/shared-types'
import { createEventBus } from '../../src/events/bus.ts'
import { createI18n } from '../../src/i18n/i18n.ts'
import type { Kernel } from '../../src/kernel.ts'
import { resolveOptions } from '../../src/options.ts'
import { createViewRegistry } from '../../src/router/registry.ts'
import { createInitialState } from '../../src/state/initialState.ts'
import { createStore } from '../../src/state/store.ts'
import { createSafeStorage, type StorageBackend } from '../../src/storage/storage.ts'

export const SOLANA_TEST_NETWORK_ID = 'PorticoDevnet1111111111111111111'

export const evmNetwork = (id: number, rpc = `http://127.0.0.1:${id}`): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  name: `Chain ${id}`,
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpc] } },
})

export const solanaNetwork = (rpc: string, id = SOLANA_TEST_NETWORK_ID): Network => ({
  id,
  caipNetworkId: `solana:${id}`,
  name: 'Portico Solana Devnet',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [rpc] } },
  testnet: true,
})

export function mapBackend(): StorageBackend & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const silent = { debug() {}, info() {}, warn() {}, error() {} }

export type TestKernel = Kernel & { events: { name: string; payload: unknown }[] }

/** A kernel with the app's options, its storage on `backend`, and every bus event recorded. */
export function testKernel(options: Partial<ModalOptions>, backend = mapBackend()): TestKernel {
  const app: ModalOptions = { projectId: 'p', networks: [evmNetwork(31337)], ...options }
  const store = createStore(createInitialState(resolveOptions(app), app))
  const bus = createEventBus()
  const views = createViewRegistry()
  const events: { name: string; payload: unknown }[] = []
  bus.on('*', (name, payload) => events.push({ name: String(name), payload }))
  const kernel: TestKernel = {
    store,
    bus,
    storage: createSafeStorage(backend, silent as never),
    log: silent as never,
    views,
    providers: new Map(),
    sessions: new Map(),
    cleanups: [],
    events,
    plugins: {} as never,
    i18n: createI18n('en', silent as never),
  }
  return kernel
}
