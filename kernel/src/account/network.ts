import type { CaipNetworkId, ChainNamespace, Network } from '@portico/shared-types'
import { isNetworkSupported } from '../chains/catalogue.ts'
import type { Kernel } from '../kernel.ts'
import { storeActiveNetwork } from '../storage/connection.ts'

export const UNKNOWN_NETWORK_NAME = 'Unknown Network'

/** A placeholder for a chain the app did not request (behaviour §4 "unsupported-network placeholder"). */
export function unsupportedNetwork(
  namespace: ChainNamespace,
  chainId: number | string,
  base?: Network,
): Network {
  return {
    id: chainId,
    caipNetworkId: `${namespace}:${chainId}` as CaipNetworkId,
    name: UNKNOWN_NETWORK_NAME,
    chainNamespace: namespace,
    nativeCurrency: base?.nativeCurrency ?? { name: 'Unknown', symbol: '', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}

export function findRequestedNetwork(kernel: Kernel, namespace: ChainNamespace, chainId: number | string) {
  const requested = kernel.store.get().networks.byNamespace[namespace]?.requestedCaipNetworks ?? []
  return requested.find((network) => String(network.id) === String(chainId))
}

/** Makes `network` the active one of its namespace; returns whether it is supported (behaviour §5). */
export function setActiveChain(kernel: Kernel, namespace: ChainNamespace, chainId: number | string): boolean {
  const requested = findRequestedNetwork(kernel, namespace, chainId)
  const current = kernel.store.get().networks.byNamespace[namespace]?.caipNetwork
  const network = requested ?? unsupportedNetwork(namespace, chainId, current)
  kernel.store.update((draft) => {
    const slice = draft.networks.byNamespace[namespace]
    if (slice) slice.caipNetwork = network
    draft.networks.activeNamespace = namespace
  })
  storeActiveNetwork(kernel.storage, network.caipNetworkId)
  kernel.bus.emit('NETWORK_CHANGED', { caipNetworkId: network.caipNetworkId })
  const list = kernel.store.get().networks.byNamespace[namespace]?.requestedCaipNetworks ?? []
  return isNetworkSupported(list, network.caipNetworkId)
}

/**
 * The network a namespace without a connected account will connect on (the network list's choice); the
 * active namespace, the stored network and NETWORK_CHANGED wait until its wallet connects.
 */
export function chooseNetworkToConnect(kernel: Kernel, network: Network): void {
  kernel.store.update((draft) => {
    const slice = draft.networks.byNamespace[network.chainNamespace]
    if (slice) slice.caipNetwork = network
  })
}
