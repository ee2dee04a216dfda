import type { KernelState, ModalOptions } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../options.ts'
import { createInitialState } from './initialState.ts'
import { selectRequestedNetworks } from './selectors.ts'
import { createStore } from './store.ts'

const net = (id: number) => ({
  id,
  caipNetworkId: `eip155:${id}` as const,
  name: `Chain ${id}`,
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})

describe('selectors', () => {
  it('return the same reference while the slice is unchanged (useSyncExternalStore needs it)', () => {
    const options: ModalOptions = { projectId: 'p', networks: [net(1), net(2)] }
    const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
    const first = selectRequestedNetworks(store.get())
    expect(selectRequestedNetworks(store.get())).toBe(first)
    store.update((draft) => {
      draft.modal.open = true
    })
    expect(selectRequestedNetworks(store.get())).toBe(first)
    store.update((draft) => {
      draft.networks.byNamespace.eip155?.requestedCaipNetworks.pop()
    })
    expect(selectRequestedNetworks(store.get()).map((network) => network.id)).toEqual([1])
  })
})
