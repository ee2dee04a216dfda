/** The one typed contract between the kernel and every plugin (docs/plugins.md). */
import type { ComponentType } from 'react'
import type { PluginServices } from './apiClient.ts'
import type { ChainNamespace } from './caip.ts'
import type { ChainHelperLoaders } from './chainHelpers.ts'
import type { AccountType, AuthFrameUser, ConnectorType, Eip1193Provider } from './entities.ts'
import type { PorticoEventName, PorticoEvents } from './events.ts'
import type { I18nApi, PluginCatalogues } from './i18n.ts'
import type { Network } from './network.ts'
import type { ConnectMethod, ResolvedOptions } from './options.ts'
import type { AccountState, KernelState } from './state.ts'
import type { UiKit } from './ui.ts'

/** The kernel's plugin-API version; plugins declare a semver range (`api`) it must satisfy. */
export const PLUGIN_API_VERSION = '1.1.0'

export type {
  BitcoinHelpers,
  BitcoinPsbtError,
  BitcoinSendPlan,
  BitcoinUtxo,
  ChainHelperLoaders,
  EvmHelpers,
  FunctionCall,
  Hex,
  SolanaHelpers,
  SolanaTransferParams,
  UnitHelpers,
  UnitsError,
} from './chainHelpers.ts'

export type Disposer = () => void

export interface RouterApi {
  push(view: string, params?: Record<string, unknown>): void
  replace(view: string, params?: Record<string, unknown>): void
  goBack(): void
  reset(view: string): void
}

export interface ToastApi {
  success(message: string): void
  error(message: string): void
  loading(message: string): void
  svg(message: string, svg: string): void
}

export interface EventsApi {
  on<K extends PorticoEventName>(type: K, handler: (payload: PorticoEvents[K]) => void): Disposer
  emit<K extends PorticoEventName>(type: K, payload: PorticoEvents[K]): void
}

export interface PluginStorage {
  get<T>(key: string): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
}

export interface Logger {
  debug(...args: unknown[]): void
  info(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/** A small immer store a plugin can own for its own state, with the kernel store's semantics. */
export interface PluginStore<S> {
  get(): S
  update(recipe: (draft: S) => void): void
  subscribe(listener: () => void): Disposer
  use<T>(selector: (state: S) => T): T
}

/**
 * 1.1: `evm()` and `solana()` load the kernel's chain helpers (viem, @solana/kit) once, on first use:
 * a remote never bundles a chain library of its own.
 */
export interface ChainsApi extends ChainHelperLoaders {
  activeNamespace(): ChainNamespace | undefined
  activeNetwork(namespace?: ChainNamespace): Network | undefined
  requestedNetworks(namespace?: ChainNamespace): Network[]
  switchNetwork(network: Network): Promise<void>
  formatBalance(value: string | undefined): string
  truncateAddress(address: string): string
}

export interface AccountApi {
  /** Account state of the active namespace (or the given one). */
  get(namespace?: ChainNamespace): AccountState | undefined
  /**
   * The connected wallet's EIP-1193 provider, for signing and sending, gated by the kernel's request
   * pipeline (behaviour §5 allow-list, §6 unsafe requests): never the wallet's raw provider.
   */
  provider(namespace?: ChainNamespace): Eip1193Provider | undefined
  refreshBalance(): Promise<void>
  /** 1.1: connects one of this plugin's own `contributes.connectors` (e.g. after an email code). */
  connect?(connectorId: string): Promise<{ supported: boolean }>
  /** 1.1: disconnects every namespace (behaviour §4 disconnect), e.g. when a required sign-in is cancelled. */
  disconnect?(): Promise<void>
}

/** 1.1: sign-in state (behaviour §2 close rule); a sign-in plugin writes whether a session exists. */
export interface SignInApi {
  get(): { required: boolean; hasSession: boolean }
  setHasSession(hasSession: boolean): void
}

/** Everything a plugin sees of the kernel. */
export interface PluginContext {
  pluginId: string
  config: Readonly<ResolvedOptions>
  getState(): KernelState
  useStore<T>(selector: (state: KernelState) => T): T
  subscribe(listener: () => void): Disposer
  router: RouterApi
  events: EventsApi
  toast: ToastApi
  ui: UiKit
  chains: ChainsApi
  account: AccountApi
  storage: PluginStorage
  services: PluginServices
  createStore<S>(initial: S): PluginStore<S>
  modal: { open(view?: string): void; close(): void }
  log: Logger
  /** 1.1: sign-in state. */
  signIn?: SignInApi
  /** 1.1: translation and Intl formatting for the modal's locale; `t` looks in this plugin's `messages` first. */
  i18n?: I18nApi
  /** 1.1: raises a behaviour §8 alert (shown once per page), e.g. the socials timeout of the auth frame. */
  alert?(id: 'socialsTimeout'): void
  /**
   * 1.1, the socials plugin only: the social login result a Telegram mini app came back with (the
   * auth frame's callback address, from the page's `result_uri`), once; undefined for any other plugin.
   */
  takeSocialResult?(): string | undefined
}

export interface PluginViewProps {
  ctx: PluginContext
  params: Record<string, unknown>
}

export interface PluginView {
  component: ComponentType<PluginViewProps>
  /** Header title. */
  title: string
  /** A sign or approve view: closing is blocked when sign-in is required and no session exists. */
  sensitive?: boolean
}

/**
 * Extra ways to connect shown in the Connect view. `method` places it in the connect-method order:
 * 'email' and 'social' where the app's order puts them; a method of the plugin's own (any other name)
 * after the built-in ones, in the order plugins contribute them.
 */
export interface ConnectMethodContribution {
  id: string
  method: 'email' | 'social' | (string & {})
  /**
   * `preview`: the method's preview from the plugin's manifest as the kernel parsed it, when it had one,
   * so the component paints what the stand-in painted (its marks) without shipping the data twice.
   */
  component: ComponentType<{ ctx: PluginContext; preview?: ConnectMethodPreview }>
}

export interface AccountTabContribution {
  id: 'tokens' | 'nfts' | 'activity' | (string & {})
  label: string
  component: ComponentType<{ ctx: PluginContext }>
}

/** A button in the Account view's wallet-features row (onramp, swaps, receive, send, …). */
export interface WalletFeatureContribution {
  id: string
  label: string
  icon: import('./ui.ts').IconName
  /** The view pushed when chosen. */
  view: string
  /** Hidden unless this returns true (e.g. only for eip155). Shown when absent. */
  isAvailable?: (state: KernelState) => boolean
}

export interface AccountMenuContribution {
  id: string
  label: string
  icon?: import('./ui.ts').IconName
  view: string
  /** 1.1: hidden unless this returns true (e.g. only for the plugin's own connector). Shown when absent. */
  isAvailable?: (state: KernelState) => boolean
}

/**
 * 1.1 (optional): what a plugin connector's provider knows of the connected account beyond its address
 * (behaviour §3 account state): the kernel records it into `accounts.eip155` on connect, on restore and when
 * the provider emits `accountDetailsChanged`, and clears it on disconnect.
 */
export interface ConnectorAccountDetails {
  /** The behaviour §3 auth frame user, for a connector that has one. */
  user?: AuthFrameUser
  /** The type of the account the provider answers eth_accounts with. */
  preferredAccountType?: AccountType
  /** Every account of the user (address and type); the connected one is among them. */
  allAccounts?: { address: string; type: AccountType }[]
  smartAccountDeployed?: boolean
}

/**
 * 1.1: the provider a plugin connector's `load` returns: EIP-1193, and optionally the account details
 * (it emits `accountDetailsChanged`, ACCOUNT_DETAILS_CHANGED, when they change) and the eip155 chain ids
 * where the connector has smart accounts (behaviour §3 smartAccountEnabledNetworks).
 */
export interface ConnectorProvider extends Eip1193Provider {
  /** Synchronous: what the provider holds for the account it last answered with (undefined: none). */
  accountDetails?(): ConnectorAccountDetails | undefined
  /** Asked once per connection; the kernel records the list in `networks.byNamespace.eip155`. */
  smartAccountEnabledNetworks?(): Promise<number[]>
}

/**
 * 1.1: a connector the plugin registers with the kernel's connect / reconnect / disconnect machinery
 * (e.g. the embedded wallet, type AUTH). Only `load` brings in its code, on first use.
 */
export interface ConnectorContribution {
  /** Connector id, stored for reconnect; refused when another connector already has it. */
  id: string
  name: string
  /** AUTH (default: the behaviour §5 list only) or EXTERNAL (a wallet of its own: network switch allowed too). */
  type?: Extract<ConnectorType, 'AUTH' | 'EXTERNAL'>
  chain: 'eip155'
  /**
   * Every namespace the connector serves (default: [chain]). With 'solana' (behaviour §3: the auth connector
   * supports eip155 and solana) the kernel also connects its Solana account once eip155 is connected: its
   * provider answers solana_requestAccounts (connect) and solana_getAccounts (silent restore) with
   * [{ pubkey }], and signs the Solana methods.
   */
  chains?: ChainNamespace[]
  imageUrl?: string
  /**
   * Loads the connector's code (a dynamic import) and returns its EIP-1193 provider: it answers
   * eth_requestAccounts (connect), eth_accounts (silent reconnect; [] when no longer authorized),
   * eth_chainId, wallet_revokePermissions (disconnect), and emits accountsChanged / chainChanged /
   * disconnect. It may report account details too (ConnectorProvider).
   */
  load(ctx: PluginContext): Promise<ConnectorProvider>
  /** Methods beyond the behaviour §5 allow-list this connector serves (eth_sign is refused anyway). */
  extraMethods?: string[]
  /** A view of this plugin opened while this connector handles an unsafe request (ApproveTransaction). */
  unsafeRequestView?: string
}

/** 1.1: a view of this plugin opened while a wallet of these connector types handles an unsafe request. */
export interface UnsafeRequestsContribution {
  id: string
  view: string
  connectorTypes: ConnectorType[]
}

export interface AfterConnectInfo {
  namespace: ChainNamespace
  caipAddress?: string
  connectorId?: string
}

/** 1.1: runs after a visitor connected, once the kernel's own connect flow is done (e.g. SIWX opens). */
export interface AfterConnectContribution {
  id: string
  run(ctx: PluginContext, info: AfterConnectInfo): void | Promise<void>
}

/** 1.1: the CAIP-122 fields of a WalletConnect one-click sign-in (`authenticate`); the SDK sets iat. */
export interface WalletConnectAuthParams {
  domain: string
  uri: string
  nonce: string
  statement?: string
  /** ISO date-times. */
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

/** 1.1: what the wallet signed in a one-click sign-in, as the kernel read it from the returned cacao. */
export interface WalletConnectSignedAuth {
  /** CAIP-10 account of the cacao's issuer, one of the session's accounts. */
  caipAddress: string
  /** The EIP-4361 text the wallet signed (the SDK's formatting of the cacao, ReCaps statement included). */
  message: string
  signature: string
}

/**
 * 1.1: one-click sign-in on WalletConnect. When every requested network is eip155, the kernel asks
 * `params` before a pairing; given some, the pairing uses `authenticate` and `verify` gets the signed
 * message before the connection completes (a throw ends the session and fails the connection).
 */
export interface WalletConnectAuthContribution {
  id: string
  params(ctx: PluginContext, request: { chains: string[] }): Promise<WalletConnectAuthParams | undefined>
  verify(ctx: PluginContext, signed: WalletConnectSignedAuth): Promise<void>
}

export interface PluginContributions {
  connectMethods?: ConnectMethodContribution[]
  accountTabs?: AccountTabContribution[]
  walletFeatures?: WalletFeatureContribution[]
  accountMenu?: AccountMenuContribution[]
  /** 1.1 */
  connectors?: ConnectorContribution[]
  /** 1.1 */
  unsafeRequests?: UnsafeRequestsContribution[]
  /** 1.1 */
  afterConnect?: AfterConnectContribution[]
  /** 1.1 */
  walletConnectAuth?: WalletConnectAuthContribution[]
}

export interface PluginDefinition {
  /** Unique; matches `features.<id>`. */
  id: string
  /** Semver range of the kernel plugin API this plugin was built for, e.g. `^1.0.0`. */
  api: string
  views?: Record<string, PluginView>
  contributes?: PluginContributions
  /**
   * 1.1: this plugin's strings by language (`en` first); `ctx.i18n.t(key)` reads them. When present,
   * `views.<ViewName>` is a view's header title, `tabs.<tabId>` an account tab's label and
   * `features.<featureId>` a wallet feature's label. Loaders are called only for the language in use.
   */
  messages?: PluginCatalogues
  setup?(ctx: PluginContext): undefined | Disposer | Promise<undefined | Disposer>
}

/** Identity helper that gives plugin authors type checking. */
export function definePlugin<const T extends PluginDefinition>(plugin: T): T {
  return plugin
}

/** What a federated remote must expose as `./plugin`. */
export interface PluginModule {
  default: PluginDefinition
}

/**
 * How a connect method looks before its plugin's code has loaded, published in the remote's manifest
 * (`portico.preview`): the kernel paints it in the Connect view from this data alone and loads the
 * plugin's code when the visitor points at, focuses or uses it. The plugin's own component then takes
 * the same place.
 */
export interface ConnectMethodPreview {
  method: Exclude<ConnectMethod, 'wallet'>
  /** The section's accessible name. */
  label?: string
  /** A text field above the buttons. */
  field?: { label: string; placeholder?: string; type?: 'email' | 'text' }
  /**
   * `marks`: the first shown button wide with its mark and label, the others a row of their marks
   * alone (each still named by its label); without it every button is wide.
   */
  layout?: 'marks'
  buttons: ConnectMethodPreviewButton[]
}

export interface ConnectMethodPreviewButton {
  label: string
  primary?: boolean
  /** Disabled while the field is empty. */
  needsField?: boolean
  /**
   * Shown only when the method's configured list (features.socials for `social`) has this value,
   * in that list's order.
   */
  option?: string
  /** Kept after the other buttons. */
  last?: boolean
  /** The provider's mark: SVG path data in a 24×24 box, filled in the button's text colour. */
  mark?: string
  /**
   * The press opens this named window at once, blank (a window opened once the code has loaded would be
   * blocked, and opening it in the press lets the code load while it appears); the plugin's own press
   * then finds it by name and navigates it.
   */
  popup?: ConnectMethodPreviewPopup
}

export interface ConnectMethodPreviewPopup {
  name: string
  width: number
  height: number
}

/**
 * When a remote's code is needed while no account is connected (`portico.loadOn` in its manifest):
 * `open` (the default) after the Connect view's first paint; `intent` when its preview is pointed at,
 * focused or used; `idle` painted from its preview, then loaded once the open has painted and the
 * browser is idle (or on intent, if sooner), so a press on it waits for nothing; `connect` once a
 * connection is made (its after-connect hooks wait for it).
 */
export type PluginLoadOn = 'open' | 'intent' | 'idle' | 'connect'
