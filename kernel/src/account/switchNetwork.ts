import { MESSAGES, type Network } from '@portico/shared-types'
import { alertOptionsOf, raiseAlert } from '../alerts/alerts.ts'
import { isNetworkSupported } from '../chains/catalogue.ts'
import { toHexChainId } from '../chains/eip155.ts'
import { PorticoError } from '../errors/base.ts'
import type { Kernel } from '../kernel.ts'
import { openModal } from '../modal/actions.ts'
import { UNSUPPORTED_CHAIN_VIEW } from '../router/router.ts'
import { refreshNativeBalance } from './balance.ts'
import { NetworkError } from './errors.ts'
import { findRequestedNetwork, setActiveChain } from './network.ts'

/** behaviour §8 chain-switch codes. */
export const SWITCH_ERROR_CODES = {
  unrecognizedChain: 4902,
  defaultError: 5000,
  invalidChainId: 32603,
} as const

const codeOf = (error: unknown): number | undefined => {
  const candidate = error as { code?: number; data?: { originalError?: { code?: number } } } | undefined
  return candidate?.data?.originalError?.code ?? candidate?.code
}

/**
 * Wallets report an unknown chain as 4902, some as (-)32603 internal error: both mean "add it first".
 * 5000 (a wallet's default error) and every other code fail the switch as the wallet reported them.
 */
export function needsAddChain(error: unknown): boolean {
  const code = codeOf(error)
  return (
    code === SWITCH_ERROR_CODES.unrecognizedChain ||
    code === SWITCH_ERROR_CODES.invalidChainId ||
    code === -SWITCH_ERROR_CODES.invalidChainId
  )
}

/**
 * A network the app did not request. behaviour §2: one of another namespace shows UnsupportedChain
 * (unless unsupported chains are allowed, or behaviour §5 calls it supported: an empty requested list);
 * otherwise behaviour §4/§8: an unknown id is the error 'Network not found' and its alert (once).
 * Returns true when the switch goes on.
 */
function unrequestedNetwork(kernel: Kernel, network: Network): boolean {
  const state = kernel.store.get()
  const slice = state.networks.byNamespace[network.chainNamespace]
  if (slice && network.chainNamespace !== state.networks.activeNamespace) {
    const allowed =
      state.options.allowUnsupportedChain === true ||
      isNetworkSupported(slice.requestedCaipNetworks, network.caipNetworkId)
    if (allowed) return true
    openModal(kernel, UNSUPPORTED_CHAIN_VIEW)
    return false
  }
  raiseAlert('switchNetworkNotFound', alertOptionsOf(kernel))
  kernel.log.warn(`Portico: ${MESSAGES.networkNotFound}`, network.caipNetworkId)
  throw new NetworkError('NETWORK_NOT_FOUND', MESSAGES.networkNotFound)
}

/** Switches the wallet (adding the chain when it does not know it, behaviour §7) and then the state. */
export async function switchNetwork(kernel: Kernel, network: Network): Promise<void> {
  // A script caller may pass nothing (behaviour §8).
  if (!network) throw new PorticoError('CAIP_NETWORK_UNDEFINED', MESSAGES.caipNetworkUndefined)
  const namespace = network.chainNamespace
  if (!findRequestedNetwork(kernel, namespace, network.id) && !unrequestedNetwork(kernel, network)) return
  const account = kernel.store.get().accounts[namespace]
  const provider = account?.connectorId ? kernel.providers.get(account.connectorId) : undefined
  if (account?.status === 'connected' && provider && namespace === 'eip155') {
    const chainId = toHexChainId(network.id)
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (!needsAddChain(error)) throw error
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
          },
        ],
      })
      // Some wallets add without switching.
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    }
  }
  setActiveChain(kernel, namespace, network.id)
  if (account?.status === 'connected') await refreshNativeBalance(kernel, namespace)
}
