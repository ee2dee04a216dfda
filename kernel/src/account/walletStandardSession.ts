/**
 * The account session of a Wallet Standard wallet, whatever its namespace (solana, bip122): the
 * connect flow's status and events, the active chain, the account slice, the stored connection,
 * the wallet's `standard:events` changes, network changes and `standard:disconnect`. Only the lazy
 * solana and bitcoin chunks import it; each adds its own account checks and wallet features.
 */
import type { CaipNetworkId, ChainNamespace, Connector, Network } from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { waitForConnector } from '../connectors/registry.ts'
import type { Kernel } from '../kernel.ts'
import { storeConnected } from '../storage/connection.ts'
import { refreshNativeBalance } from './balance.ts'
import { setActiveChain } from './network.ts'

/** Wallet Standard wallets register when their script runs, which may be after the app's. */
const LATE_REGISTER_WAIT_MS = 1_000

type Features = Partial<StandardDisconnectFeature & StandardEventsFeature>

export { endWalletSession, type SessionAccount, setWalletAccount } from './sessionAccount.ts'

/** What one namespace brings to a session. */
export interface WalletSession {
  namespace: ChainNamespace
  connector: Connector
  wallet: Wallet
  /** The requested network the wallet is on, if any. */
  network: Network | undefined
  /** Else the wallet's first chain of the namespace, shown as a placeholder (unsupported). */
  fallback: CaipNetworkId | undefined
  /** Writes the account once the chain is active; may throw (nothing is stored then). */
  apply(): void
  /** The wallet's `standard:events` change named these accounts. */
  onAccounts(accounts: readonly WalletAccount[]): void
  /** Another network of the namespace became active while `address` is connected. */
  onNetwork(caipNetworkId: CaipNetworkId, address: string): void
}

/**
 * Makes the wallet's network active (the namespace becomes the active one), applies its account,
 * stores the connection, reads the balance and follows the wallet's events until the session ends.
 * Returns whether the network is one the app requested.
 */
export function startWalletSession(kernel: Kernel, session: WalletSession): boolean {
  const { namespace, connector, wallet } = session
  kernel.sessions.get(namespace)?.()
  let supported: boolean
  if (session.network) supported = setActiveChain(kernel, namespace, session.network.id)
  else {
    setActiveChain(kernel, namespace, session.fallback?.slice(`${namespace}:`.length) ?? 'unknown')
    supported = false
  }
  session.apply()
  storeConnected(
    kernel.storage,
    namespace,
    connector.id,
    kernel.store.get().networks.byNamespace[namespace]?.caipNetwork?.caipNetworkId,
  )
  void refreshNativeBalance(kernel, namespace)

  // standard:events change: other accounts, or none (the wallet revoked this site).
  const onChange = ({ accounts }: { accounts?: readonly WalletAccount[] }) => {
    if (accounts) session.onAccounts(accounts)
  }
  // Another network of this namespace (Networks view, handle.switchNetwork).
  const onNetwork = ({ caipNetworkId }: { caipNetworkId: CaipNetworkId }) => {
    const address = kernel.store.get().accounts[namespace]?.address
    if (!caipNetworkId.startsWith(`${namespace}:`) || !address) return
    session.onNetwork(caipNetworkId, address)
  }
  const off = (wallet.features as Features)['standard:events']?.on('change', onChange)
  kernel.bus.on('NETWORK_CHANGED', onNetwork)
  kernel.sessions.set(namespace, () => {
    off?.()
    kernel.bus.off('NETWORK_CHANGED', onNetwork)
  })
  return supported
}

/** A stored connector to restore (it may register late): its wallet and connector, or undefined. */
export async function restoreTarget(
  kernel: Kernel,
  connectorId: string,
  walletOf: (kernel: Kernel, connectorId: string) => Wallet | undefined,
): Promise<{ wallet: Wallet; connector: Connector } | undefined> {
  if (!(await waitForConnector(kernel, connectorId, LATE_REGISTER_WAIT_MS))) return undefined
  const wallet = walletOf(kernel, connectorId)
  const connector = kernel.store.get().connectors.find((candidate) => candidate.id === connectorId)
  return wallet && connector ? { wallet, connector } : undefined
}

/** `standard:disconnect` when the wallet has it (best effort: the state is reset either way). */
export async function disconnectWalletSession(
  kernel: Kernel,
  namespace: ChainNamespace,
  wallet: Wallet | undefined,
  label: string,
): Promise<void> {
  // Stop following the wallet first: its own "no accounts" change must not race the reset.
  kernel.sessions.get(namespace)?.()
  kernel.sessions.delete(namespace)
  const disconnect = wallet ? (wallet.features as Features)['standard:disconnect'] : undefined
  await disconnect?.disconnect().catch((error: unknown) => {
    kernel.log.warn(`Portico: the ${label} wallet could not disconnect`, error)
  })
}
