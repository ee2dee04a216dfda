import type { Kernel } from '../kernel.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'

/**
 * After the active namespace lost its account (or was not restored), another connected namespace
 * becomes the active one, so `useAccount` does not read "disconnected" while a wallet is connected.
 */
export function activateConnectedNamespace(kernel: Kernel): void {
  const state = kernel.store.get()
  const active = state.networks.activeNamespace
  if (active && state.accounts[active]?.status === 'connected') return
  const next = Object.values(state.accounts).find((account) => account?.status === 'connected')
  const network = next ? state.networks.byNamespace[next.namespace]?.caipNetwork : undefined
  if (!next || !network) return
  kernel.store.update((draft) => {
    draft.networks.activeNamespace = next.namespace
  })
  kernel.storage.set(STORAGE_KEYS.activeNamespace, next.namespace)
  kernel.storage.set(STORAGE_KEYS.activeCaipNetworkId, network.caipNetworkId)
  kernel.bus.emit('NETWORK_CHANGED', { caipNetworkId: network.caipNetworkId })
}
