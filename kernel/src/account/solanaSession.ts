/**
 * The solana account of a Wallet Standard wallet: connect (`standard:connect`), silent restore,
 * the wallet's `standard:events` changes, message signing and `standard:disconnect`.
 */
import {
  type CaipAddress,
  type CaipNetworkId,
  type Connector,
  DEFAULT_ACCOUNT_TYPES,
  type SolanaSignMessageResult,
} from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { caipNetworkIdOfWalletChain, isSolanaChain, pickSolanaNetwork } from '../chains/solana.ts'
import { encodeBase58 } from '../chains/solanaBase58.ts'
import { waitForConnector } from '../connectors/registry.ts'
import { walletStandardWallet } from '../connectors/walletStandard.ts'
import type { Kernel } from '../kernel.ts'
import { storeConnected } from '../storage/connection.ts'
import { refreshNativeBalance } from './balance.ts'
import type { ConnectResult } from './connect.ts'
import { setActiveChain } from './network.ts'
import { activateConnectedNamespace } from './reconnect.ts'
import { resetNamespace } from './reset.ts'

const NAMESPACE = 'solana'
/** Wallet Standard wallets register when their script runs, which may be after the app's. */
export const LATE_REGISTER_WAIT_MS = 1_000

type Features = Partial<StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature>
const features = (wallet: Wallet) => wallet.features as Features

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

const connectorOf = (kernel: Kernel, connectorId: string) =>
  kernel.store.get().connectors.find((candidate) => candidate.id === connectorId)

function setStatus(kernel: Kernel, status: 'connecting' | 'disconnected') {
  kernel.store.update((draft) => {
    const account = draft.accounts[NAMESPACE]
    if (account && account.status !== 'connected') account.status = status
  })
}

function setAccount(kernel: Kernel, connector: Connector, address: string) {
  let caipAddress: CaipAddress | undefined
  kernel.store.update((draft) => {
    const account = draft.accounts[NAMESPACE]
    const network = draft.networks.byNamespace[NAMESPACE]?.caipNetwork
    if (!account || !network) return
    caipAddress = `${network.caipNetworkId}:${address}`
    const type = draft.options.defaultAccountTypes?.[NAMESPACE] ?? DEFAULT_ACCOUNT_TYPES[NAMESPACE]
    account.status = 'connected'
    account.address = address
    account.caipAddress = caipAddress
    account.connectorId = connector.id
    account.preferredAccountType = type
    // A Solana address is its base58 public key.
    account.allAccounts = [{ namespace: NAMESPACE, address, type, publicKey: address }]
    account.connectedWalletInfo = {
      name: connector.name,
      type: connector.type,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
    }
    const explorer = network.blockExplorers?.default.url
    if (explorer) account.addressExplorerUrl = `${explorer.replace(/\/$/, '')}/address/${address}`
    else delete account.addressExplorerUrl
  })
  if (caipAddress) kernel.bus.emit('ACCOUNT_CHANGED', { namespace: NAMESPACE, caipAddress })
}

/** The wallet ended the connection (revoked, or unregistered): reset solana, keep any other account. */
export function endSolanaSession(kernel: Kernel): void {
  resetNamespace(kernel, NAMESPACE)
  activateConnectedNamespace(kernel)
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
  kernel.sessions.get(NAMESPACE)?.()
  const chains = Array.isArray(account.chains) && account.chains.length > 0 ? account.chains : wallet.chains
  const slice = kernel.store.get().networks.byNamespace[NAMESPACE]
  const network = pickSolanaNetwork(slice?.requestedCaipNetworks ?? [], slice?.caipNetwork, chains)
  let supported: boolean
  if (network) {
    supported = setActiveChain(kernel, NAMESPACE, network.id)
  } else {
    // A wallet on none of the requested networks: its first Solana chain, as a placeholder.
    const first = chains.map(caipNetworkIdOfWalletChain).find((id): id is CaipNetworkId => id !== undefined)
    setActiveChain(kernel, NAMESPACE, first?.slice(`${NAMESPACE}:`.length) ?? 'unknown')
    supported = false
  }
  setAccount(kernel, connector, account.address)
  storeConnected(
    kernel.storage,
    NAMESPACE,
    connector.id,
    kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork?.caipNetworkId,
  )
  void refreshNativeBalance(kernel, NAMESPACE)

  // standard:events change: another account, or none (the wallet revoked this site).
  const onChange = ({ accounts }: { accounts?: readonly WalletAccount[] }) => {
    if (!accounts) return
    const usable = solanaAccounts(accounts)
    const current = kernel.store.get().accounts[NAMESPACE]?.address
    const next = usable.find((candidate) => candidate.address === current) ?? usable[0]
    if (!next) return endSolanaSession(kernel)
    if (next.address === current) return
    setAccount(kernel, connector, next.address)
    void refreshNativeBalance(kernel, NAMESPACE)
  }
  // Another Solana network (Networks view, handle.switchNetwork): the CAIP address follows it.
  const onNetwork = ({ caipNetworkId }: { caipNetworkId: CaipNetworkId }) => {
    const address = kernel.store.get().accounts[NAMESPACE]?.address
    if (!caipNetworkId.startsWith(`${NAMESPACE}:`) || !address) return
    if (kernel.store.get().accounts[NAMESPACE]?.caipAddress === `${caipNetworkId}:${address}`) return
    setAccount(kernel, connector, address)
  }
  const off = features(wallet)['standard:events']?.on('change', onChange)
  kernel.bus.on('NETWORK_CHANGED', onNetwork)
  kernel.sessions.set(NAMESPACE, () => {
    off?.()
    kernel.bus.off('NETWORK_CHANGED', onNetwork)
  })
  return supported
}

/** Connects a Solana Wallet Standard wallet (`standard:connect`, which may prompt). */
export async function connectSolana(kernel: Kernel, connector: Connector): Promise<ConnectResult> {
  const wallet = walletStandardWallet(kernel, connector.id)
  const connect = wallet ? features(wallet)['standard:connect'] : undefined
  if (!wallet || !connect) throw new Error(`Wallet "${connector.id}" is not available`)
  setStatus(kernel, 'connecting')
  try {
    const { accounts } = await connect.connect()
    const account = solanaAccounts(accounts)[0] ?? solanaAccounts(wallet.accounts)[0]
    if (!account) throw new Error('The wallet returned no account')
    const supported = startSolanaSession(kernel, connector, wallet, account)
    kernel.bus.emit('CONNECT_SUCCESS', { method: 'browser', name: connector.name, namespace: NAMESPACE })
    return { supported }
  } catch (error) {
    setStatus(kernel, 'disconnected')
    const message = error instanceof Error ? error.message : String(error)
    kernel.bus.emit('CONNECT_ERROR', { message, name: connector.name })
    throw error
  }
}

/**
 * SPEC §4 auto-reconnect of a stored Solana connector: `standard:connect` with `{ silent: true }`
 * never prompts; no account back means the wallet no longer authorizes the site (skipped).
 */
export async function restoreSolana(kernel: Kernel, connectorId: string): Promise<boolean> {
  if (!(await waitForConnector(kernel, connectorId, LATE_REGISTER_WAIT_MS))) return false
  const wallet = walletStandardWallet(kernel, connectorId)
  const connector = connectorOf(kernel, connectorId)
  const connect = wallet ? features(wallet)['standard:connect'] : undefined
  if (!wallet || !connector || !connect) return false
  const { accounts } = await connect.connect({ silent: true })
  const account = solanaAccounts(accounts)[0]
  if (!account) return false
  startSolanaSession(kernel, connector, wallet, account)
  return true
}

/** `standard:disconnect` when the wallet has it (best effort: the state is reset either way). */
export async function disconnectSolanaWallet(kernel: Kernel, connectorId: string): Promise<void> {
  // Stop following the wallet first: its own "no accounts" change must not race the reset.
  kernel.sessions.get(NAMESPACE)?.()
  kernel.sessions.delete(NAMESPACE)
  const wallet = walletStandardWallet(kernel, connectorId)
  const disconnect = wallet ? features(wallet)['standard:disconnect'] : undefined
  await disconnect?.disconnect().catch((error: unknown) => {
    kernel.log.warn('Portico: the Solana wallet could not disconnect', error)
  })
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
