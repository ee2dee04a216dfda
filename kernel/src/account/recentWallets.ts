/**
 * SPEC §3 browser-stored recent wallets (id plus wallet data; §9: at most 2), recorded when a
 * connection succeeds. WalletConnect records the wallet it paired with itself; this records browser
 * wallets, as their directory entry when the directory lists their RDNS.
 */
import type { Connector, KernelState, RecentWallet, WalletDirectoryEntry } from '@portico/shared-types'
import { readRecentWallets, storeRecentWallet } from '../connectors/walletconnect/recent.ts'
import type { Kernel } from '../kernel.ts'
import { selectActiveAccount } from '../state/selectors.ts'

export { readRecentWallets, storeRecentWallet }

/** The recent wallets to show, newest first (storage keeps at most 2). */
export const recentWallets = (kernel: Pick<Kernel, 'storage'>): RecentWallet[] =>
  readRecentWallets(kernel.storage)

/** A browser wallet as a directory entry: the directory's own entry for its RDNS when one is loaded. */
export function entryForConnector(state: KernelState, connector: Connector): WalletDirectoryEntry {
  const rdns = connector.info?.rdns
  if (rdns) {
    const { featured, recommended, wallets, search } = state.wallets
    const custom = state.options.customWallets ?? []
    const listed = [...custom, ...featured, ...recommended, ...wallets, ...search].find(
      (entry) => entry.rdns === rdns,
    )
    if (listed) return listed
  }
  return {
    id: connector.id,
    name: connector.name,
    ...(rdns ? { rdns } : {}),
    ...(connector.imageUrl ? { image_url: connector.imageUrl } : {}),
  }
}

/** Records the browser wallet of every successful browser connection; returns the unsubscribe. */
export function trackRecentWallets(kernel: Kernel): () => void {
  const onConnect = ({ method }: { method: string }) => {
    if (method !== 'browser') return
    const state = kernel.store.get()
    const connectorId = selectActiveAccount(state)?.connectorId
    const connector = state.connectors.find((candidate) => candidate.id === connectorId)
    if (connector) storeRecentWallet(kernel.storage, entryForConnector(state, connector))
  }
  kernel.bus.on('CONNECT_SUCCESS', onConnect)
  return () => kernel.bus.off('CONNECT_SUCCESS', onConnect)
}
