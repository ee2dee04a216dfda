/** createModal options. Names follow AppKit wherever the concept is the same, so migrating renames little. */
import type { ChainNamespace } from './caip.ts'
import type {
  AccountType,
  AppMetadata,
  ThemeMode,
  ThemePresetName,
  ThemeVariables,
  WalletDirectoryEntry,
} from './entities.ts'
import type { Network } from './network.ts'
import type { PluginDefinition } from './plugin.ts'

export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord' | 'farcaster'
export type ConnectMethod = 'email' | 'social' | 'wallet'

export interface Features {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  email: boolean
  emailShowWallets: boolean
  socials: SocialProvider[] | false
  history: boolean
  names: boolean
  siwx: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  /** The Connect view's wallet section; `false` leaves email and social login only. */
  wallets: boolean
  /** The Connect view's switch between email-first sign-up ("Haven't got a wallet?") and the wallets. */
  walletGuide: boolean
  connectMethodsOrder?: ConnectMethod[]
  /** Any other key: a third-party plugin's feature flag. */
  [pluginFeature: string]: boolean | SocialProvider[] | ConnectMethod[] | undefined
}

/**
 * Where a plugin comes from: a federated remote URL (its remoteEntry.js or its mf-manifest.json), or a
 * definition bundled by the app, given as `{ definition }` or as the definition itself
 * (`plugins: { swaps }` with `import { swaps } from '@portico/plugin-swaps'`). `integrity` pins the
 * remote entry's SRI hash (`sha384-…`): a remote whose manifest or entry differs is refused.
 */
export type PluginSource =
  | { url: string; integrity?: string }
  | { definition: PluginDefinition }
  | PluginDefinition

export interface ModalOptions {
  projectId: string
  networks: [Network, ...Network[]]
  defaultNetwork?: Network
  metadata?: AppMetadata
  features?: Partial<Features>
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /** A named theme preset ('midnight', 'ocean', 'forest', 'sunset'); `themeVariables` override it. */
  themePreset?: ThemePresetName
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  customWallets?: WalletDirectoryEntry[]
  allowUnsupportedChain?: boolean
  enableEIP6963?: boolean
  enableInjected?: boolean
  enableWalletConnect?: boolean
  /** Do not append the modal element to document.body; call `mount(element)` instead. */
  disableAppend?: boolean
  /** Render inline inside the element given to `mount`, without the overlay. */
  enableEmbedded?: boolean
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  /**
   * behaviour §9 "defaults on: debug": unless `false`, the behaviour §8 alerts (e.g. project id not configured)
   * show in the modal. The logger keeps the behaviour §9 default level (error) unless this is `true`.
   */
  debug?: boolean
  /** Base URL of federated plugin remotes: `<pluginBaseUrl>/<id>/remoteEntry.js`. */
  pluginBaseUrl?: string
  /** Per-plugin override of the remote URL, a bundled definition, or a third-party plugin. */
  plugins?: Record<string, PluginSource>
  /** Time a plugin remote may take to load before it is treated as failed. */
  pluginLoadTimeoutMs?: number
  /**
   * Origins plugin remotes may load from (`https://plugins.example.com`). Default: the origins of
   * `pluginBaseUrl` and of the URLs in `plugins`. A remote from any other origin is refused.
   */
  allowedPluginOrigins?: string[]
  /** Blockchain API base URL (our services/api when self-hosted). */
  apiUrl?: string
  /**
   * Show what a transaction, a batch of calls or an EIP-712 permit would do (the API's simulation,
   * POST /v1/preview) before it goes to a browser or WalletConnect wallet, with Continue and Reject.
   * Default: on when `apiUrl` is set; `false` sends unsafe requests straight to the wallet.
   */
  transactionPreview?: boolean
  /**
   * ERC-7677 paymaster service URL per CAIP-2 eip155 network id (`{ 'eip155:8453': 'https://…' }`):
   * the app pays the gas of the calls plugins send on that network (send, swaps) when the wallet
   * reports the EIP-5792 `paymasterService` capability there. https only (http on localhost).
   */
  paymasterServices?: Record<string, string>
  /** Wallet directory API base URL. */
  walletDirectoryUrl?: string
  /** WalletConnect relay URL. */
  relayUrl?: string
  /**
   * The auth frame page (email and social login, behaviour §2 wallet frame) on its own origin, e.g.
   * `https://auth.example.com/frame`. No default: email and social login need it.
   */
  authFrameUrl?: string
  /**
   * WalletConnect: how long to wait for the relay before showing "could not reach the relay" and a
   * retry (the SDK alone waits ~75 s). Default 15 000.
   */
  walletConnectTimeoutMs?: number
  /**
   * WalletConnect: JSON-RPC URLs for reads, by CAIP-2 chain id (`eip155:1`), merged over those of
   * `networks`; a chain without one would be read through the hosted RPC.
   */
  rpcMap?: Record<string, string>
  /** Sign-in (the `siwx` feature): when required, close is blocked on sign/approve views until a session exists. */
  siwx?: {
    required?: boolean
    /**
     * The verifier's base URL (default `<apiUrl>/v1/siwx`): `GET <url>/nonce`, `POST <url>/verify`
     * `{ message, signature }`, `POST <url>/session` `{ token }`, each with `?projectId=`.
     */
    verifierUrl?: string
    /** The message's statement (default: "Sign in to <app name>"). */
    statement?: string
    /** The message's Resources (URIs). */
    resources?: string[]
    /** Expiration Time asked for, in seconds after Issued At (default 86 400). */
    expiresInSeconds?: number
  }
  /**
   * BCP 47 locale of the modal's strings, numbers and dates (`de`, `pt-BR`, …). Catalogues: en
   * (bundled), de, es, fr, ja, zh, pt, ko, tr (each a lazy chunk); English per missing key.
   * Default: the page's `<html lang>`, else `en`. Switch at run time with `handle.setLocale`.
   */
  locale?: string
  /** CSP nonce put on every `<style>` element the kernel injects (for `style-src 'nonce-…'`). */
  nonce?: string
  /**
   * Where the behaviour §3 keys live (default localStorage). `cookieStorage` (from @portico/kernel) keeps the
   * connection in cookies, so a server can render the connected state (`cookieToInitialState`).
   */
  storage?: {
    getItem(key: string): string | null
    setItem(key: string, value: string): void
    removeItem(key: string): void
  }
}

export interface ResolvedOptions extends Omit<ModalOptions, 'features' | 'themeMode' | 'themeVariables'> {
  features: Features
  zIndex: number
  pluginLoadTimeoutMs: number
}

/** behaviour §9 defaults: on: swaps, onramp, receive, send, email, emailShowWallets, history, analytics, allWallets… */
export const DEFAULT_FEATURES: Features = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  emailShowWallets: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  history: true,
  names: true,
  siwx: false,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  wallets: true,
  walletGuide: true,
}

/** Feature flags that are delivered as plugins (docs/plugins.md). The kernel treats these ids as data only. */
export const PLUGIN_FEATURE_IDS = [
  'email',
  'socials',
  'swaps',
  'send',
  'receive',
  'onramp',
  'history',
  'names',
  'siwx',
  'smartSessions',
] as const

/**
 * The built-in feature whose plugin brings each non-wallet connect method: while it loads, the Connect
 * view keeps its place so the wallet list does not move under the pointer.
 */
export const CONNECT_METHOD_FEATURES: Record<Exclude<ConnectMethod, 'wallet'>, string> = {
  email: 'email',
  social: 'socials',
}
