import type { Network } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { emptyAccount } from '../state/initialState.ts'
import { NetworkError } from './errors.ts'

/** Adds a network to the app's requested list of its namespace (a new namespace starts empty). */
export function addRequestedNetwork(kernel: Kernel, network: Network): void {
  kernel.store.update((draft) => {
    const namespace = network.chainNamespace
    const slice = draft.networks.byNamespace[namespace] ?? {
      supportsAllNetworks: false,
      smartAccountEnabledNetworks: [],
      requestedCaipNetworks: [],
      approvedCaipNetworkIds: [],
    }
    draft.networks.byNamespace[namespace] = slice
    if (!slice.requestedCaipNetworks.some((known) => known.caipNetworkId === network.caipNetworkId)) {
      slice.requestedCaipNetworks.push(network)
    }
    slice.caipNetwork ??= network
    draft.accounts[namespace] ??= emptyAccount(namespace)
  })
}

/** behaviour §4: removing the last network of a namespace is refused. */
export function removeRequestedNetwork(kernel: Kernel, network: Network): void {
  const slice = kernel.store.get().networks.byNamespace[network.chainNamespace]
  const remaining = (slice?.requestedCaipNetworks ?? []).filter(
    (known) => known.caipNetworkId !== network.caipNetworkId,
  )
  if (!slice || remaining.length === slice.requestedCaipNetworks.length) {
    throw new NetworkError('NETWORK_NOT_REQUESTED', `${network.caipNetworkId} is not a requested network`)
  }
  if (remaining.length === 0) {
    throw new NetworkError(
      'NETWORK_LAST_OF_NAMESPACE',
      `Cannot remove the last network of the ${network.chainNamespace} namespace`,
    )
  }
  kernel.store.update((draft) => {
    const target = draft.networks.byNamespace[network.chainNamespace]
    if (!target) return
    target.requestedCaipNetworks = target.requestedCaipNetworks.filter(
      (known) => known.caipNetworkId !== network.caipNetworkId,
    )
    if (target.caipNetwork?.caipNetworkId === network.caipNetworkId)
      target.caipNetwork = target.requestedCaipNetworks[0]
  })
}
