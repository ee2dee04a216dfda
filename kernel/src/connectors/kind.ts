/**
 * The one contract every kind of wallet implements (injected, Solana and Bitcoin Wallet Standard,
 * WalletConnect, plugin connectors): a tiny eager part the registry lists (./kinds.ts) and a lazy body
 * its `load` brings in. A connector reports facts; the account lifecycle (account/) writes them into
 * the store, so nothing here imports it: the lifecycle hands each call a {@link ConnectorContext}.
 */
import type {
  AccountType,
  ChainNamespace,
  Connector,
  Eip1193Provider,
  Network,
  StoredAccount,
  WalletDirectoryEntry,
} from '@portico/shared-types'
import type { RecordedAccountDetails } from '@portico/shared-types/plugin'
import type { Kernel } from '../kernel.ts'

/** What a wallet says of the account it connected. */
export interface AccountFacts {
  address: string
  /** Unset: the account's type is left as it is (eip155 reads it from the connector's details). */
  type?: AccountType
  allAccounts: StoredAccount[]
}

/** What a connect answers: whether the wallet's network is one the app requested. */
export interface ConnectResult {
  supported: boolean
}

/** A connection a connector made or restored: the lifecycle makes it the namespace's session. */
export interface SessionFacts {
  namespace: ChainNamespace
  connector: Connector
  /** The chain the wallet is on, made active (a placeholder when the app did not request it). */
  chainId: number | string
  /** The wallet is on none of the requested networks: its chain is shown, never supported. */
  placeholder?: boolean
  /** false: the namespace joins without becoming the active one (a connector's second namespace). */
  activate?: boolean
  /** The account once the chain is active; a throw fails the connection (nothing is stored then). */
  account(network: Network): AccountFacts
  /** Follows the wallet's changes until the session ends; returns the stop function. */
  watch?(report: SessionReport): () => void
}

/** WalletConnect's pairing, as the connection state shows it (state.connection). */
export interface PairingReport {
  /** A new pairing started (status connecting, previous uri and error cleared). */
  started(wallet: WalletDirectoryEntry | undefined): void
  /** The wallet chosen for a pairing already in flight. */
  chose(wallet: WalletDirectoryEntry): void
  /** The pairing uri to show and its expiry. */
  uri(uri: string, expiry: number): void
  /** One-click sign-in is waiting for the wallet's signature. */
  authenticating(): void
  /** The visitor opened `wallet` through one of its links. */
  linking(wallet: WalletDirectoryEntry, href: string): void
  /** The wallet approved: the session is the eip155 one (CONNECT_SUCCESS follows). */
  approved(method: 'qrcode' | 'mobile', name: string): void
  /** The pairing failed (CONNECT_ERROR). */
  failed(message: string, name: string): void
  /** A stored WalletConnect session was resumed. */
  resumed(): void
}

/** How a connector reports what happened after its session started; the lifecycle writes each fact. */
export interface SessionReport {
  /** Another account of the namespace (the balance is read again unless `refreshBalance` is false). */
  account(
    namespace: ChainNamespace,
    connector: Connector,
    facts: AccountFacts,
    options?: { refreshBalance?: boolean },
  ): void
  /** The wallet moved to another chain of the namespace (the wallet pins the network). */
  chain(
    namespace: ChainNamespace,
    connector: Connector,
    chainId: number | string,
    account: (address: string) => AccountFacts,
  ): void
  /** The namespace's active network changed: the CAIP address follows it, the balance is read again. */
  followNetwork(namespace: ChainNamespace, caipNetworkId: string, address: string): void
  /** The wallet disconnected: the namespace goes back to disconnected. */
  reset(namespace: ChainNamespace): void
  /** The wallet ended the connection: reset, and another connected namespace becomes the active one. */
  end(namespace: ChainNamespace): void
  /** A connection made outside a lifecycle call (an approved pairing): returns whether it is supported. */
  started(facts: SessionFacts): boolean
  pairing: PairingReport
  /** A plugin connector's account details of the connected eip155 account (`connectorId`, `address`). */
  accountDetails(connectorId: string, address: string, details: RecordedAccountDetails): void
  /** The eip155 chain ids where the connected plugin connector has smart accounts. */
  smartAccountNetworks(list: number[]): void
  /** The connector's account details are gone (another wallet took over). */
  forgetAccountDetails(): void
}

/** What each connector call gets: the kernel (read the store, keep `providers`) and the report. */
export interface ConnectorContext {
  kernel: Kernel
  report: SessionReport
}

/** The lazy body of a kind. */
export interface ConnectorBody {
  /** Prompts the wallet; resolves with the connection made. */
  connect(ctx: ConnectorContext, connector: Connector): Promise<SessionFacts>
  /** A stored connection, restored without a prompt; undefined when the wallet no longer authorizes it. */
  restore(
    ctx: ConnectorContext,
    connectorId: string,
    namespace: ChainNamespace,
  ): Promise<SessionFacts | undefined>
  /** Asks the wallet to forget the site (best effort); unset: EIP-2255 wallet_revokePermissions. */
  disconnect?(ctx: ConnectorContext, connectorId: string): Promise<void>
  /** The namespace's native balance of `address`, as a decimal string. */
  readBalance?(kernel: Kernel, network: Network, address: string): Promise<string>
  /** Signs `message` with the connected account of the namespace. */
  signMessage?(kernel: Kernel, message: Uint8Array): Promise<string>
  /** Answers a request of the kernel's request API for one of the kind's connectors. */
  request?(
    kernel: Kernel,
    connectorId: string,
    args: Parameters<Eip1193Provider['request']>[0],
  ): Promise<unknown>
}

/** A request through the kernel's request pipeline (allow-list and unsafe-request takers apply). */
export type MessageSigner = (
  args: { method: string; params?: unknown },
  namespace: ChainNamespace,
) => Promise<unknown>

/** The eager part of a kind: small, listed in ./kinds.ts. */
export interface ConnectorKind {
  /** The kind's name (the folder under connectors/). */
  id: string
  /** The namespace its connectors serve first. */
  namespace: ChainNamespace
  /**
   * Whether a connector (by id, on `namespace`) is this kind's: 'id' when the kind knows the id itself
   * (it wins), 'namespace' when the kind serves any other connector of that namespace.
   */
  claims(kernel: Kernel, connectorId: string, namespace: ChainNamespace): 'id' | 'namespace' | false
  /** Unset or true: the kind may restore a connection on `namespace` now (false: nothing is loaded). */
  restorable?(kernel: Kernel, namespace: ChainNamespace): boolean
  /** Starts listing the kind's wallets (connectors and providers); returns the stop function. */
  discover?(ctx: ConnectorContext, target: Window): (() => void) | undefined
  /** The lazy body: the only place the kind's heavy code is imported. */
  load(): Promise<ConnectorBody>
  /** The namespace's native balance, when the kind's body reads it (not the chain's RPC). */
  readBalance?(kernel: Kernel, network: Network, address: string): Promise<string>
  /** Signs with the namespace's connected account (handle.signMessage) when not personal_sign. */
  signMessage?(ctx: ConnectorContext, message: Uint8Array, sign: MessageSigner): Promise<string>
}
