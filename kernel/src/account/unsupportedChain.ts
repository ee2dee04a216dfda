import type { ChainNamespace } from '@portico/shared-types'
import { isNetworkSupported } from '../chains/catalogue.ts'
import type { Kernel } from '../kernel.ts'
import { openModal } from '../modal/actions.ts'
import { resetView, UNSUPPORTED_CHAIN_VIEW } from '../router/router.ts'

/** behaviour §5: the namespace's active network is supported when the requested list is empty or has it. */
export function isActiveNetworkSupported(kernel: Kernel, namespace: ChainNamespace): boolean {
  const slice = kernel.store.get().networks.byNamespace[namespace]
  if (!slice?.caipNetwork) return true
  return isNetworkSupported(slice.requestedCaipNetworks, slice.caipNetwork.caipNetworkId)
}

/**
 * behaviour §2/§4 after connect: a connected wallet that moves to a network the app did not request opens
 * UnsupportedChain (unless `allowUnsupportedChain`); moving back to a requested one while that view
 * shows returns to Account.
 */
export function followWalletNetwork(kernel: Kernel, namespace: ChainNamespace): void {
  const state = kernel.store.get()
  if (state.options.allowUnsupportedChain === true) return
  if (state.accounts[namespace]?.status !== 'connected') return
  const showing = state.modal.open && state.router.history.at(-1)?.view === UNSUPPORTED_CHAIN_VIEW
  if (isActiveNetworkSupported(kernel, namespace)) {
    if (showing) resetView(kernel, 'Account')
    return
  }
  if (!showing) openModal(kernel, UNSUPPORTED_CHAIN_VIEW)
}
