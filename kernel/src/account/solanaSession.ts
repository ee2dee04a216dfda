/**
 * The solana account of a Wallet Standard wallet: connect (`standard:connect`), silent restore,
 * the wallet's `standard:events` changes, message signing and `standard:disconnect` (the session
 * itself in walletStandardSession.ts).
 */
import {
  type CaipNetworkId,
  type Connector,
  DEFAULT_ACCOUNT_TYPES,
  type SolanaSignMessageResult,
  type StoredAccount,
} from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { caipNetworkIdOfWalletChain, isSolanaChain, pickSolanaNetwork } from '../chains/solana.ts'
import { encodeBase58 } from '../chains/solanaBase58.ts'
import { walletStandardWallet } from '../connectors/walletStandard.ts'
import type { Kernel } from '../kernel.ts'
import { refreshNativeBalance } from './balance.ts'
import { type ConnectResult, connectFlow } from './connect.ts'
import {
  disconnectWalletSession,
  endWalletSession,
  restoreTarget,
  setWalletAccount,
  startWalletSession,
} from './walletStandardSession.ts'

const NAMESPACE = 'solana'

const features = (wallet: Wallet) => wallet.features as Partial<StandardConnectFeature>

/**
 * Accounts that can act on Solana (an account naming no chain follows its wallet's chains); a
 * malformed entry from the wallet is skipped, never a crash.
 */
const solanaAccounts = (accounts: readonly WalletAccount[] | undefined) =>
  (Array.isArray(accounts) ? (accounts as readonly WalletAccount[]) : []).filter(
    (account) =>
      typeof account?.address === 'string' &&
      account.address.length > 0 &&
      (!Array.isArray(account.chains) || account.chains.length === 0 || account.chains.some(isSolanaChain)),
  )

function setAccount(kernel: Kernel, connector: Connector, address: string) {
  const type = kernel.store.get().options.defaultAccountTypes?.[NAMESPACE] ?? DEFAULT_ACCOUNT_TYPES[NAMESPACE]
  // A Solana address is its base58 public key.
  const allAccounts: StoredAccount[] = [{ namespace: NAMESPACE, address, type, publicKey: address }]
  setWalletAccount(kernel, NAMESPACE, connector, { address, type, allAccounts })
}

/** The wallet ended the connection (revoked, or unregistered): reset solana, keep any other account. */
export function endSolanaSession(kernel: Kernel): void {
  endWalletSession(kernel, NAMESPACE)
}

/**
 * Applies a wallet's account to the solana state (network: the chosen requested Solana network the
 * wallet supports), makes solana the active namespace and follows the wallet's events until reset.
 * Returns whether the network is one the app requested.
 */
export function startSolanaSession(
  kernel: Kernel,
  connector: Connector,
  wallet: Wallet,
  account: WalletAccount,
): boolean {
  const chains = Array.isArray(account.chains) && account.chains.length > 0 ? account.chains : wallet.chains
  const slice = kernel.store.get().networks.byNamespace[NAMESPACE]
  return startWalletSession(kernel, {
    namespace: NAMESPACE,
    connector,
    wallet,
    network: pickSolanaNetwork(slice?.requestedCaipNetworks ?? [], slice?.caipNetwork, chains),
    // A wallet on none of the requested networks: its first Solana chain, as a placeholder.
    fallback: chains.map(caipNetworkIdOfWalletChain).find((id): id is CaipNetworkId => id !== undefined),
    apply: () => setAccount(kernel, connector, account.address),
    onAccounts: (accounts) => {
      const usable = solanaAccounts(accounts)
      const current = kernel.store.get().accounts[NAMESPACE]?.address
      const next = usable.find((candidate) => candidate.address === current) ?? usable[0]
      if (!next) return endSolanaSession(kernel)
      if (next.address === current) return
      setAccount(kernel, connector, next.address)
      void refreshNativeBalance(kernel, NAMESPACE)
    },
    // The CAIP address follows the network.
    onNetwork: (caipNetworkId, address) => {
      if (kernel.store.get().accounts[NAMESPACE]?.caipAddress === `${caipNetworkId}:${address}`) return
      setAccount(kernel, connector, address)
    },
  })
}

/** Connects a Solana Wallet Standard wallet (`standard:connect`, which may prompt). */
export async function connectSolana(kernel: Kernel, connector: Connector): Promise<ConnectResult> {
  const wallet = walletStandardWallet(kernel, connector.id)
  const connect = wallet ? features(wallet)['standard:connect'] : undefined
  if (!wallet || !connect) throw new Error(`Wallet "${connector.id}" is not available`)
  return connectFlow(kernel, NAMESPACE, connector, async () => {
    const { accounts } = await connect.connect()
    const account = solanaAccounts(accounts)[0] ?? solanaAccounts(wallet.accounts)[0]
    if (!account) throw new Error('The wallet returned no account')
    return startSolanaSession(kernel, connector, wallet, account)
  })
}

/**
 * behaviour §4 auto-reconnect of a stored Solana connector: `standard:connect` with `{ silent: true }`
 * never prompts; no account back means the wallet no longer authorizes the site (skipped).
 */
export async function restoreSolana(kernel: Kernel, connectorId: string): Promise<boolean> {
  const target = await restoreTarget(kernel, connectorId, walletStandardWallet)
  const connect = target ? features(target.wallet)['standard:connect'] : undefined
  if (!target || !connect) return false
  const { accounts } = await connect.connect({ silent: true })
  const account = solanaAccounts(accounts)[0]
  if (!account) return false
  startSolanaSession(kernel, target.connector, target.wallet, account)
  return true
}

/** `standard:disconnect` when the wallet has it (best effort: the state is reset either way). */
export async function disconnectSolanaWallet(kernel: Kernel, connectorId: string): Promise<void> {
  await disconnectWalletSession(kernel, NAMESPACE, walletStandardWallet(kernel, connectorId), 'Solana')
}

/** Signs `message` (UTF-8 text or bytes) with the connected Solana account; the signature in base58. */
export async function signSolanaMessage(kernel: Kernel, message: string | Uint8Array): Promise<string> {
  const account = kernel.store.get().accounts[NAMESPACE]
  const provider = account?.connectorId ? kernel.providers.get(account.connectorId) : undefined
  if (account?.status !== 'connected' || !account.address || !provider) {
    throw new Error('No Solana wallet is connected')
  }
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  const { signature } = (await provider.request({
    method: 'solana_signMessage',
    params: { message: encodeBase58(bytes), pubkey: account.address },
  })) as SolanaSignMessageResult
  return signature
}
