import type { ChainNamespace, Network } from '@portico/shared-types'
import { NATIVE_BALANCE } from '../chains/nativeBalance.ts'
import { namespaceKind } from '../connectors/kinds.ts'
import type { Kernel } from '../kernel.ts'

/** Reads the native balance of the connected account of `namespace` from the active network's RPC. */
export async function refreshNativeBalance(kernel: Kernel, namespace: ChainNamespace): Promise<void> {
  const state = kernel.store.get()
  const account = state.accounts[namespace]
  const network = state.networks.byNamespace[namespace]?.caipNetwork
  // A kind may read it itself (bip122: through the blockchain API), else the chain's RPC does.
  const reader = namespaceKind(kernel, namespace, 'readBalance')?.readBalance
  const read = reader ? (n: Network, a: string) => reader(kernel, n, a) : NATIVE_BALANCE[namespace]
  if (!account?.address || !network || !read || network.rpcUrls.default.http.length === 0) return
  const address = account.address
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    if (slice) slice.balanceLoading = true
  })
  try {
    const balance = await read(network, address)
    kernel.store.update((draft) => {
      const slice = draft.accounts[namespace]
      // The account or network may have changed while the request was in flight.
      const current = draft.networks.byNamespace[namespace]?.caipNetwork
      if (!slice || slice.address !== address || current?.caipNetworkId !== network.caipNetworkId) return
      slice.balance = balance
      slice.balanceSymbol = network.nativeCurrency.symbol
    })
  } catch (error) {
    kernel.log.error(`Portico: could not read the balance on ${network.name}`, error)
    kernel.store.update((draft) => {
      const slice = draft.accounts[namespace]
      if (slice && slice.address === address) delete slice.balance
    })
  } finally {
    kernel.store.update((draft) => {
      const slice = draft.accounts[namespace]
      if (slice) slice.balanceLoading = false
    })
  }
}
