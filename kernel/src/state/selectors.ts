import type { AccountState, KernelState, Network } from '@portico/shared-types'

export const selectActiveNamespace = (state: KernelState) => state.networks.activeNamespace

export const selectActiveAccount = (state: KernelState): AccountState | undefined => {
  const namespace = state.networks.activeNamespace
  return namespace ? state.accounts[namespace] : undefined
}

export const selectActiveNetwork = (state: KernelState): Network | undefined => {
  const namespace = state.networks.activeNamespace
  return namespace ? state.networks.byNamespace[namespace]?.caipNetwork : undefined
}

export const selectIsConnected = (state: KernelState): boolean =>
  Object.values(state.accounts).some((account) => account?.status === 'connected')

export const selectCurrentView = (state: KernelState): string | undefined => state.router.history.at(-1)?.view

const requestedByState = new WeakMap<KernelState['networks']['byNamespace'], Network[]>()

/** Memoised on the immutable slice: selectors used with useSyncExternalStore must return stable values. */
export const selectRequestedNetworks = (state: KernelState): Network[] => {
  const byNamespace = state.networks.byNamespace
  let networks = requestedByState.get(byNamespace)
  if (!networks) {
    networks = Object.values(byNamespace).flatMap((slice) => slice?.requestedCaipNetworks ?? [])
    requestedByState.set(byNamespace, networks)
  }
  return networks
}
