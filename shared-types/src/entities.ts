/** Every entity of behaviour §3, as data shapes shared by kernel, plugins and services. */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type { Network } from './network.ts'

export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/** Auth frame user. */
export interface AuthFrameUser {
  email?: string
  address: string
  chainId: string | number
  accounts?: { address: string; type: 'eoa' | 'smartAccount' }[]
  userName?: string
  smartAccountDeployed?: boolean
  preferredAccountType?: AccountType
}

export interface Quantity {
  decimals: string
  numeric: string
}

/** Token balance; items with 0 decimals are dropped as low quality. */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: CaipAddress
  value?: number
  price: number
  quantity: Quantity
  iconUrl: string
  /**
   * false: the token is not on the network's token list (anyone's contract; its name and symbol are
   * its own claim, and it must not be shown with a listed token's icon). Absent: not said.
   */
  verified?: boolean
}

/** Send state. */
export interface SendState {
  token?: TokenBalance
  sendTokenAmount?: number
  receiverAddress?: string
  receiverProfileImageUrl?: string
  receiverProfileName?: string
  gasPrice?: bigint
  gasPriceInUSD?: number
  networkBalanceInUSD?: string
  loading: boolean
  tokenBalances: TokenBalance[]
  lastRetry?: number
}

/** Wallet asset (wallet_getAssets). */
export interface WalletAsset {
  address: string
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: {
    name: string
    symbol: string
    decimals: number
    price?: number
    iconUrl?: string
    value?: number
  }
}

export type ConnectorType = 'INJECTED' | 'WALLET_CONNECT' | 'ANNOUNCED' | 'AUTH' | 'EXTERNAL'

export const KNOWN_CONNECTOR_IDS = {
  walletConnect: 'walletConnect',
  injected: 'injected',
  announced: 'announced',
  coinbaseWallet: 'coinbaseWallet',
  coinbaseWalletSDK: 'coinbaseWalletSDK',
  safe: 'safe',
  ledger: 'ledger',
  okx: 'okx',
  eip6963: 'eip6963',
  auth: 'ID_AUTH',
} as const

/** Minimal EIP-1193 provider surface the kernel uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): void
  removeListener?(event: string, listener: (...args: never[]) => void): void
}

/** Connector descriptor as held in state (the provider itself lives outside the immutable store). */
export interface Connector {
  id: string
  type: ConnectorType
  name: string
  imageId?: string
  imageUrl?: string
  explorerId?: string
  chain: ChainNamespace
  chains?: CaipNetworkId[]
  info?: { rdns?: string }
}

/** Wallet directory entry. */
export interface WalletDirectoryEntry {
  id: string
  name: string
  image_id?: string
  image_url?: string
  rdns?: string | null
  homepage?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  chains?: string[]
  badge_type?: 'none' | 'certified'
}

export interface WalletListState {
  page: number
  count: number
  featured: WalletDirectoryEntry[]
  recommended: WalletDirectoryEntry[]
  wallets: WalletDirectoryEntry[]
  search: WalletDirectoryEntry[]
  excludedRDNS: string[]
  isAnalyticsEnabled: boolean
  fetching: boolean
}

export type WalletConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Wallet connection state (WalletConnect pairing). */
export interface WalletConnectionState {
  wcUri?: string
  wcPairingExpiry?: number
  wcLinking?: { name: string; href: string }
  recentWallet?: WalletDirectoryEntry
  wcBasic?: boolean
  wcError?: boolean
  /** The pairing signs in too (WalletConnect `authenticate`): the view says 'Authenticating...'. */
  wcAuthenticating?: boolean
  buffering: boolean
  status: WalletConnectionStatus
}

export interface SwapTokenInfo {
  address: CaipAddress
  symbol: string
  name: string
  decimals: number
  logoUri: string
  eip2612?: boolean
  quantity: Quantity
  price: number
  value?: number
  /**
   * false: not on the network's token list (the price service knows only listed tokens); its name,
   * symbol and image are its own claim. Absent: not known (the prices could not be read).
   */
  verified?: boolean
}

export interface SwapTransaction {
  data: string
  to: string
  gas: bigint | null
  gasPrice: bigint
  value: bigint
  toAmount: string
}

/** Swap state. */
export interface SwapState {
  initializing: boolean
  initialized: boolean
  loadingPrices: boolean
  loadingQuote: boolean
  loadingApprovalTransaction: boolean
  loadingBuildTransaction: boolean
  loadingTransaction: boolean
  fetchError: boolean
  approvalTransaction?: SwapTransaction
  swapTransaction?: SwapTransaction
  transactionError?: string
  inputError?: string
  sourceToken?: SwapTokenInfo
  toToken?: SwapTokenInfo
  sourceTokenAmount: string
  toTokenAmount: string
  sourceTokenPriceInUSD: number
  toTokenPriceInUSD: number
  networkPrice: string
  networkBalanceInUSD: string
  networkTokenSymbol: string
  slippage: number
  gasFee: string
  gasPriceInUSD?: number
  priceImpact?: number
  maxSlippage?: number
  providerFee?: string
  tokens?: SwapTokenInfo[]
  popularTokens?: SwapTokenInfo[]
  suggestedTokens?: SwapTokenInfo[]
  foundTokens?: SwapTokenInfo[]
  myTokensWithBalance?: SwapTokenInfo[]
  tokensPriceMap: Record<string, number>
}

export interface NameSuggestion {
  name: string
}

export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

export interface OnrampOptions {
  purchaseCurrencies: { id: string; name: string; symbol: string; networks: OnrampNetwork[] }[]
  paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
}

export interface Money {
  amount: string
  currency: string
}

export interface OnrampQuote {
  coinbaseFee: Money
  networkFee: Money
  paymentSubtotal: Money
  paymentTotal: Money
  purchaseAmount: Money
  quoteId: string
}

/** Sign-in message fields. */
export interface SiwxMessageData {
  nonce: string
  domain: string
  uri: string
  expirationTime?: string
  issuedAt?: string
  notBefore?: string
  requestId?: string
  version: string
  resources?: string[]
  statement?: string
  chainId: CaipNetworkId
  accountAddress: string
}

export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
}

export interface TransactionTransfer {
  /** `flags.verified` false: not on the network's token list (see TokenBalance.verified). */
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string }; flags?: { verified: boolean } }
  nft_info?: { name?: string; flags: { is_spam: boolean }; content?: { preview?: { url: string } } }
  direction: 'in' | 'out' | 'self'
  quantity: Quantity
  value?: number
  price?: number
}

/** Transaction history item. */
export interface TransactionHistoryItem {
  id: string
  metadata: {
    operationType: string
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
    chain: CaipNetworkId
  }
  transfers: TransactionTransfer[]
}

export type ThemeMode = 'light' | 'dark'

/** AppKit-compatible theme variables; Portico maps them onto its CSS custom properties. */
export interface ThemeVariables {
  '--w3m-font-family'?: string
  '--w3m-accent'?: string
  '--w3m-color-mix'?: string
  '--w3m-color-mix-strength'?: number
  '--w3m-font-size-master'?: string
  '--w3m-border-radius-master'?: string
  '--w3m-z-index'?: number
  '--w3m-qr-color'?: string
}

/** Named looks beside plain light/dark: accent, background tint, corner radius and font per mode. */
export const THEME_PRESET_NAMES = ['midnight', 'ocean', 'forest', 'sunset'] as const
export type ThemePresetName = (typeof THEME_PRESET_NAMES)[number]

export interface Theme {
  themeMode: ThemeMode
  /** A named preset under `themeVariables` (which override it). */
  preset?: ThemePresetName
  themeVariables: ThemeVariables
  w3mThemeVariables?: Record<string, string>
}

export interface AppMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

export interface DappData {
  metadata?: AppMetadata
  sdkVersion: string
  sdkType: string
  projectId: string
}

/** Browser-stored account record. */
export interface StoredAccount {
  namespace: ChainNamespace
  address: string
  type: AccountType
  publicKey?: string
  path?: string
}

export interface RecentWallet {
  id: string
  wallet: WalletDirectoryEntry
}

export interface CachedBalance {
  caipAddress: CaipAddress
  balance: string
  timestamp: number
}

export interface CachedIdentity {
  address: string
  identity: { name?: string | null; avatar?: string | null }
  timestamp: number
}

export type { Network }
