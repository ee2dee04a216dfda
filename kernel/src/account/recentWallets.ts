/**
 * behaviour §3 browser-stored recent wallets (id plus wallet data; §9: at most 2), recorded when a
 * connection succeeds. WalletConnect records the wallet it paired with itself; this records browser
 * wallets, as their directory entry when the directory lists their RDNS.
 */
import type { Connector, KernelState, RecentWallet, WalletDirectoryEntry } from '@portico/shared-types'
import {
  readRecentWallets,
  replaceRecentWallet,
  storeRecentWallet,
} from '../connectors/walletconnect/recent.ts'
import type { Kernel } from '../kernel.ts'
import { selectActiveAccount } from '../state/selectors.ts'

export { readRecentWallets, storeRecentWallet }

/** The recent wallets to show, newest first (storage keeps at most 2). */
export const recentWallets = (kernel: Pick<Kernel, 'storage'>): RecentWallet[] =>
  readRecentWallets(kernel.storage)

/** The directory's own entry for a browser wallet's RDNS, when the loaded lists have it. */
function listedEntry(state: KernelState, connector: Connector): WalletDirectoryEntry | undefined {
  const rdns = connector.info?.rdns
  if (!rdns) return undefined
  const { featured, recommended, wallets, search } = state.wallets
  const custom = state.options.customWallets ?? []
  return [...custom, ...featured, ...recommended, ...wallets, ...search].find((entry) => entry.rdns === rdns)
}

/** A browser wallet as a directory entry: the directory's own entry for its RDNS when one is loaded. */
export function entryForConnector(state: KernelState, connector: Connector): WalletDirectoryEntry {
  return (
    listedEntry(state, connector) ?? {
      id: connector.id,
      name: connector.name,
      ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
      ...(connector.imageUrl ? { image_url: connector.imageUrl } : {}),
    }
  )
}

/**
 * Records the browser wallet of every successful browser connection; returns the unsubscribe.
 * `directoryLoaded` settles once the directory's lists are in: a wallet connected before they arrived
 * is recorded as its connector at once, then replaced by the directory's entry if the lists have it.
 */
export function trackRecentWallets(
  kernel: Kernel,
  directoryLoaded?: () => Promise<unknown> | undefined,
): () => void {
  let live = true
  const onConnect = ({ method }: { method: string }) => {
    if (method !== 'browser') return
    const state = kernel.store.get()
    const connectorId = selectActiveAccount(state)?.connectorId
    const connector = state.connectors.find((candidate) => candidate.id === connectorId)
    if (!connector) return
    storeRecentWallet(kernel.storage, entryForConnector(state, connector))
    if (listedEntry(state, connector) || !connector.info?.rdns) return
    directoryLoaded?.()?.then(
      () => {
        const listed = live ? listedEntry(kernel.store.get(), connector) : undefined
        if (listed) replaceRecentWallet(kernel.storage, connector.id, listed)
      },
      () => undefined,
    )
  }
  kernel.bus.on('CONNECT_SUCCESS', onConnect)
  return () => {
    live = false
    kernel.bus.off('CONNECT_SUCCESS', onConnect)
  }
}
