import type { ChainNamespace, Network } from '@portico/shared-types'
import { fetchNativeBalance } from '../chains/eip155.ts'
import { fetchSolanaBalance } from '../chains/solana.ts'
import type { Kernel } from '../kernel.ts'
import { loadBitcoin } from './bitcoinLoader.ts'

/** Native balance readers by namespace; each loads its chain library on first use. */
const NATIVE_BALANCE: Partial<
  Record<ChainNamespace, (network: Network, address: string) => Promise<string>>
> = {
  eip155: fetchNativeBalance,
  solana: fetchSolanaBalance,
}

/** Reads the native balance of the connected account of `namespace` from the active network's RPC. */
export async function refreshNativeBalance(kernel: Kernel, namespace: ChainNamespace): Promise<void> {
  const state = kernel.store.get()
  const account = state.accounts[namespace]
  const network = state.networks.byNamespace[namespace]?.caipNetwork
  // bip122: through the blockchain API (the node's address index), in the lazy bitcoin chunk.
  const read =
    namespace === 'bip122'
      ? async (n: Network, a: string) => (await loadBitcoin()).readBitcoinBalance(kernel, n, a)
      : NATIVE_BALANCE[namespace]
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
