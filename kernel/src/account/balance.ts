import type { ChainNamespace } from '@portico/shared-types'
import { fetchNativeBalance } from '../chains/eip155.ts'
import type { Kernel } from '../kernel.ts'

/** Reads the native balance of the connected account of `namespace` from the active network's RPC. */
export async function refreshNativeBalance(kernel: Kernel, namespace: ChainNamespace): Promise<void> {
  const state = kernel.store.get()
  const account = state.accounts[namespace]
  const network = state.networks.byNamespace[namespace]?.caipNetwork
  if (!account?.address || !network || namespace !== 'eip155' || network.rpcUrls.default.http.length === 0)
    return
  const address = account.address
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    if (slice) slice.balanceLoading = true
  })
  try {
    const balance = await fetchNativeBalance(network, address)
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
