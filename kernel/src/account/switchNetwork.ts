import type { Network } from '@portico/shared-types'
import { toHexChainId } from '../chains/eip155.ts'
import type { Kernel } from '../kernel.ts'
import { refreshNativeBalance } from './balance.ts'
import { findRequestedNetwork, setActiveChain } from './network.ts'

const UNRECOGNIZED_CHAIN = 4902

const errorCode = (error: unknown) => (error as { code?: number } | undefined)?.code

/** Switches the wallet (adding the chain when it does not know it, SPEC §7) and then the state. */
export async function switchNetwork(kernel: Kernel, network: Network): Promise<void> {
  const namespace = network.chainNamespace
  if (!findRequestedNetwork(kernel, namespace, network.id))
    throw new Error(`Unknown network ${network.caipNetworkId}`)
  const account = kernel.store.get().accounts[namespace]
  const provider = account?.connectorId ? kernel.providers.get(account.connectorId) : undefined
  if (account?.status === 'connected' && provider && namespace === 'eip155') {
    const chainId = toHexChainId(network.id)
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (errorCode(error) !== UNRECOGNIZED_CHAIN) throw error
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
    }
  }
  setActiveChain(kernel, namespace, network.id)
  if (account?.status === 'connected') await refreshNativeBalance(kernel, namespace)
}
