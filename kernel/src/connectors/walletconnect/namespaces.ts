/** What a pairing asks for: the eip155 session proposal built from the app's requested networks. */
import type { Network } from '@portico/shared-types'
import type { Kernel } from '../../kernel.ts'

/** Session methods offered to wallets (behaviour §7) and the events the kernel follows. */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
export const EIP155_EVENTS = ['accountsChanged', 'chainChanged']

/**
 * The eip155 part of the session proposal: every eip155 network of the app, with an rpcMap so the
 * provider's reads go to the app's RPC URLs (keys by chain reference, as the SDK looks them up).
 */
export function proposalNamespaces(networks: readonly Network[], rpcMap: Record<string, string> = {}) {
  const eip155 = networks.filter((network) => network.chainNamespace === 'eip155')
  const urls: Record<string, string> = {}
  for (const [caipNetworkId, url] of Object.entries(rpcMap)) {
    const [namespace, reference] = caipNetworkId.split(':')
    if (namespace === 'eip155' && reference) urls[reference] = url
  }
  for (const network of eip155) {
    const url = rpcMap[network.caipNetworkId] ?? network.rpcUrls.default.http[0]
    if (url) urls[String(network.id)] = url
  }
  return {
    eip155: {
      chains: eip155.map((network) => network.caipNetworkId),
      methods: [...EIP155_METHODS],
      events: [...EIP155_EVENTS],
      rpcMap: urls,
    },
  }
}

export const requestedNetworks = (kernel: Kernel) =>
  Object.values(kernel.store.get().networks.byNamespace).flatMap(
    (slice) => slice?.requestedCaipNetworks ?? [],
  )

/** A pairing now would sign in (authenticate.ts): every network eip155 and a plugin contributing it. */
export const mightSignIn = (kernel: Kernel) =>
  requestedNetworks(kernel).every((network) => network.chainNamespace === 'eip155') &&
  kernel.plugins.contributions('walletConnectAuth').length > 0
