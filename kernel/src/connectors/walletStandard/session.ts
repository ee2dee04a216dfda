/**
 * The session of a Wallet Standard wallet, whatever its namespace (solana, bip122): the network it
 * connects on, the wallet's `standard:events` changes, the namespace's network changes, silent restore
 * of a wallet that registers late, and `standard:disconnect`. Only the lazy solana and bitcoin bodies
 * import it; each adds its own account checks and wallet features.
 */
import type { CaipNetworkId, ChainNamespace, Connector, Network } from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import type { Kernel } from '../../kernel.ts'
import { connectorOf, waitForConnector } from '../discovery.ts'
import type { AccountFacts, SessionFacts, SessionReport } from '../kind.ts'

/** Wallet Standard wallets register when their script runs, which may be after the app's. */
const LATE_REGISTER_WAIT_MS = 1_000

type Features = Partial<StandardDisconnectFeature & StandardEventsFeature>

/** What one namespace brings to a session. */
export interface WalletSession {
  namespace: ChainNamespace
  connector: Connector
  wallet: Wallet
  /** The requested network the wallet is on, if any. */
  network: Network | undefined
  /** Else the wallet's first chain of the namespace, shown as a placeholder (unsupported). */
  fallback: CaipNetworkId | undefined
  /** The account once the chain is active; may throw (nothing is stored then). */
  account(network: Network): AccountFacts
  /** The wallet's `standard:events` change named these accounts. */
  onAccounts(accounts: readonly WalletAccount[], report: SessionReport): void
  /** Another network of the namespace became active while `address` is connected. */
  onNetwork(caipNetworkId: CaipNetworkId, address: string, report: SessionReport): void
}

/** The session facts of a Wallet Standard wallet: its network (or a placeholder) and its events. */
export function walletSession(kernel: Kernel, session: WalletSession): SessionFacts {
  const { namespace, connector, wallet } = session
  return {
    namespace,
    connector,
    ...(session.network
      ? { chainId: session.network.id }
      : { chainId: session.fallback?.slice(`${namespace}:`.length) ?? 'unknown', placeholder: true }),
    account: session.account,
    watch(report) {
      // standard:events change: other accounts, or none (the wallet revoked this site).
      const onChange = ({ accounts }: { accounts?: readonly WalletAccount[] }) => {
        if (accounts) session.onAccounts(accounts, report)
      }
      // Another network of this namespace (Networks view, handle.switchNetwork).
      const onNetwork = ({ caipNetworkId }: { caipNetworkId: CaipNetworkId }) => {
        const address = kernel.store.get().accounts[namespace]?.address
        if (!caipNetworkId.startsWith(`${namespace}:`) || !address) return
        session.onNetwork(caipNetworkId, address, report)
      }
      const off = (wallet.features as Features)['standard:events']?.on('change', onChange)
      kernel.bus.on('NETWORK_CHANGED', onNetwork)
      return () => {
        off?.()
        kernel.bus.off('NETWORK_CHANGED', onNetwork)
      }
    },
  }
}

/** A stored connector to restore (it may register late): its wallet and connector, or undefined. */
export async function restoreTarget(
  kernel: Kernel,
  connectorId: string,
  walletOf: (kernel: Kernel, connectorId: string) => Wallet | undefined,
): Promise<{ wallet: Wallet; connector: Connector } | undefined> {
  if (!(await waitForConnector(kernel, connectorId, LATE_REGISTER_WAIT_MS))) return undefined
  const wallet = walletOf(kernel, connectorId)
  const connector = connectorOf(kernel, connectorId)
  return wallet && connector ? { wallet, connector } : undefined
}

/** `standard:disconnect` when the wallet has it (best effort: the state is reset either way). */
export async function disconnectWallet(
  kernel: Kernel,
  wallet: Wallet | undefined,
  label: string,
): Promise<void> {
  const disconnect = wallet ? (wallet.features as Features)['standard:disconnect'] : undefined
  await disconnect?.disconnect().catch((error: unknown) => {
    kernel.log.warn(`Portico: the ${label} wallet could not disconnect`, error)
  })
}
