/**
 * Part of the lazy plugin-connector chunk: the Solana account of a plugin connector that declares
 * 'solana' among its `chains` (behaviour §3: the auth connector supports eip155 and solana). Once its eip155
 * connect succeeded, the kernel asks its provider `solana_requestAccounts` (restore: `solana_getAccounts`)
 * and starts a solana session on the requested Solana network; requests go through the same provider.
 * behaviour §6: the solana account is an eoa (unless the app's defaultAccountTypes says otherwise).
 */
import {
  type Connector,
  DEFAULT_ACCOUNT_TYPES,
  type Eip1193Provider,
  type Network,
  type StoredAccount,
} from '@portico/shared-types'
import { isSolanaAddress } from '../../chains/caip.ts'
import type { Kernel } from '../../kernel.ts'
import { connectorOf } from '../discovery.ts'
import { WalletError } from '../errors.ts'
import type { AccountFacts, ConnectorContext, ConnectResult, SessionFacts, SessionReport } from '../kind.ts'
import { pluginConnectorOf } from './registry.ts'

const NAMESPACE = 'solana'

/** Whether the plugin connector `connectorId` declares the solana namespace. */
export function declaresSolana(kernel: Kernel, connectorId: string): boolean {
  const chains: unknown = pluginConnectorOf(kernel, connectorId)?.contribution.chains
  return Array.isArray(chains) && (chains as unknown[]).includes(NAMESPACE)
}

/** The requested Solana network to connect on: the current one if requested, else the first. */
function solanaNetwork(kernel: Kernel): Network | undefined {
  const slice = kernel.store.get().networks.byNamespace[NAMESPACE]
  const requested = slice?.requestedCaipNetworks ?? []
  return (
    requested.find((network) => network.caipNetworkId === slice?.caipNetwork?.caipNetworkId) ?? requested[0]
  )
}

/** The first account of a `solana_*Accounts` answer ([{ pubkey }]), checked (behaviour §5: 32–44 base58). */
export function solanaAddressOf(answer: unknown): string {
  const first: unknown = Array.isArray(answer) ? answer[0] : undefined
  const pubkey = typeof first === 'string' ? first : (first as { pubkey?: unknown } | null)?.pubkey
  if (typeof pubkey !== 'string' || !isSolanaAddress(pubkey))
    throw new WalletError('WALLET_NO_ACCOUNT', 'The connector returned no valid Solana account')
  return pubkey
}

function accountFacts(kernel: Kernel, address: string): AccountFacts {
  const type = kernel.store.get().options.defaultAccountTypes?.[NAMESPACE] ?? DEFAULT_ACCOUNT_TYPES[NAMESPACE]
  // A Solana address is its base58 public key.
  const allAccounts: StoredAccount[] = [{ namespace: NAMESPACE, address, type, publicKey: address }]
  return { address, type, allAccounts }
}

function watch(kernel: Kernel, connector: Connector, provider: Eip1193Provider, report: SessionReport) {
  const ours = () => {
    const account = kernel.store.get().accounts[NAMESPACE]
    return account?.status === 'connected' && account.connectorId === connector.id
  }
  const end = () => {
    if (ours()) report.end(NAMESPACE)
  }
  // The eip155 account changed (another account type, another user): ask the Solana one again.
  const onAccountsChanged = (accounts: unknown) => {
    if (!Array.isArray(accounts) || accounts.length === 0) return end()
    provider
      .request({ method: 'solana_getAccounts' })
      .then(solanaAddressOf)
      .then(
        (next) => {
          if (!ours() || kernel.store.get().accounts[NAMESPACE]?.address === next) return
          report.account(NAMESPACE, connector, accountFacts(kernel, next))
        },
        (error: unknown) => {
          kernel.log.warn('Portico: could not read the Solana account of the connector', error)
          end()
        },
      )
  }
  // Another Solana network (Networks view, handle.switchNetwork): the CAIP address follows it.
  const onNetwork = ({ caipNetworkId }: { caipNetworkId: string }) => {
    const account = kernel.store.get().accounts[NAMESPACE]
    if (!caipNetworkId.startsWith(`${NAMESPACE}:`) || !ours() || !account?.address) return
    if (account.caipAddress === `${caipNetworkId}:${account.address}`) return
    report.account(NAMESPACE, connector, accountFacts(kernel, account.address), { refreshBalance: false })
  }
  const on = provider.on?.bind(provider) as
    | ((event: string, listener: (value: unknown) => void) => void)
    | undefined
  const off = provider.removeListener?.bind(provider) as typeof on
  on?.('accountsChanged', onAccountsChanged)
  on?.('disconnect', end)
  kernel.bus.on('NETWORK_CHANGED', onNetwork)
  return () => {
    off?.('accountsChanged', onAccountsChanged)
    off?.('disconnect', end)
    kernel.bus.off('NETWORK_CHANGED', onNetwork)
  }
}

/**
 * The solana session over the connector's provider: the account on `network`, stored; it ends when the
 * provider reports no account or disconnects (whatever the namespace: one sign-out ends both), follows an
 * account change and the Networks view's Solana network changes. Solana becomes the active namespace
 * only when `activate`.
 */
function solanaSession(
  kernel: Kernel,
  connector: Connector,
  provider: Eip1193Provider,
  address: string,
  network: Network,
  activate: boolean,
): SessionFacts {
  return {
    namespace: NAMESPACE,
    connector,
    chainId: network.id,
    activate,
    account: () => accountFacts(kernel, address),
    watch: (report) => watch(kernel, connector, provider, report),
  }
}

/** What a solana connect or restore needs: the connector, its provider and a requested Solana network. */
function target(kernel: Kernel, connectorId: string) {
  if (!declaresSolana(kernel, connectorId)) return undefined
  const network = solanaNetwork(kernel)
  const provider = kernel.providers.get(connectorId)
  const connector = connectorOf(kernel, connectorId)
  const eip155 = kernel.store.get().accounts.eip155
  // Only beside the connector's own eip155 session: the provider is the one the visitor logged in with.
  if (!network || !provider || !connector) return undefined
  return { network, provider, connector, eip155Connected: eip155?.connectorId === connectorId }
}

/** Whether the visitor is on Solana now (a connect then waits for the connector's Solana account). */
export const isSolanaActive = (kernel: Kernel) => kernel.store.get().networks.activeNamespace === NAMESPACE

/**
 * After the connector's eip155 connect (`result`): its Solana account too, when it declares solana and the
 * app requested a Solana network. Solana becomes the active namespace when it was before the connect. A
 * failure leaves eip155 connected (a warning). Returns the connect result of the namespace left active.
 */
export async function connectPluginSolana(
  { kernel, report }: ConnectorContext,
  connectorId: string,
  result: ConnectResult,
  wasSolanaActive: boolean,
): Promise<ConnectResult> {
  const found = target(kernel, connectorId)
  if (!found?.eip155Connected) return result
  try {
    const address = solanaAddressOf(await found.provider.request({ method: 'solana_requestAccounts' }))
    // The visitor may have disconnected meanwhile.
    if (kernel.store.get().accounts.eip155?.connectorId !== connectorId) return result
    report.started(
      solanaSession(kernel, found.connector, found.provider, address, found.network, wasSolanaActive),
    )
    return wasSolanaActive ? { supported: true } : result
  } catch (error) {
    kernel.log.warn(`Portico: "${connectorId}" connected without its Solana account`, error)
    return result
  }
}

/**
 * behaviour §4 auto-reconnect of the connector's stored solana session: eth_accounts first (it restores the
 * connector's own session silently, never prompts), then `solana_getAccounts`. Undefined when either is empty.
 */
export async function restorePluginSolana(
  kernel: Kernel,
  connectorId: string,
): Promise<SessionFacts | undefined> {
  const found = target(kernel, connectorId)
  if (!found) return undefined
  const accounts = (await found.provider.request({ method: 'eth_accounts' })) as unknown
  if (!Array.isArray(accounts) || typeof accounts[0] !== 'string') return undefined
  const answer = await found.provider.request({ method: 'solana_getAccounts' })
  const address = Array.isArray(answer) && answer.length === 0 ? undefined : solanaAddressOf(answer)
  if (!address) return undefined
  return solanaSession(kernel, found.connector, found.provider, address, found.network, false)
}
