/** The kernel store's shape (docs/architecture.md, Data flow). Plugins read it through ctx selectors. */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type {
  AccountType,
  AuthFrameUser,
  Connector,
  StoredAccount,
  Theme,
  TokenBalance,
  WalletConnectionState,
  WalletListState,
} from './entities.ts'
import type { Network } from './network.ts'
import type { ResolvedOptions } from './options.ts'
import type { ConnectMethodPreview, PluginLoadOn } from './plugin.ts'

export type AccountStatus = 'connecting' | 'reconnecting' | 'connected' | 'disconnected'

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  rdns?: string
  type: Connector['type']
}

/** Account state per chain namespace (behaviour §3). */
export interface AccountState {
  namespace: ChainNamespace
  currentTab: number
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Record<string, string>
  allAccounts: StoredAccount[]
  status: AccountStatus
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  profileName?: string | null
  profileImage?: string | null
  user?: AuthFrameUser
  addressExplorerUrl?: string
  shouldUpdateToAddress?: string
  connectedWalletInfo?: ConnectedWalletInfo
  connectorId?: string
  preferredAccountType?: AccountType
  socialProvider?: string
  farcasterUrl?: string
  balanceLoading: boolean
  lastRetry?: number
}

/** Network state per chain namespace (behaviour §3). */
export interface NetworkState {
  caipNetwork?: Network
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: number[]
  requestedCaipNetworks: Network[]
  approvedCaipNetworkIds: CaipNetworkId[]
}

export interface NetworksSlice {
  activeNamespace?: ChainNamespace
  byNamespace: Partial<Record<ChainNamespace, NetworkState>>
}

export type Direction = 'next' | 'prev'

export interface RouteEntry {
  view: string
  params?: Record<string, unknown>
}

export interface RouterSlice {
  history: RouteEntry[]
  direction: Direction
}

export interface ModalSlice {
  open: boolean
  loading: boolean
}

export type ToastVariant = 'success' | 'error' | 'loading' | 'svg'

export interface Toast {
  id: number
  variant: ToastVariant
  message: string
  svg?: string
}

export interface ToastsSlice {
  current?: Toast
}

export type PluginStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface PluginRecord {
  status: PluginStatus
  error?: string
  /** From the checked manifest of a remote, before its code loads. */
  preview?: ConnectMethodPreview
  loadOn?: PluginLoadOn
}

export interface SignInSlice {
  required: boolean
  hasSession: boolean
}

export interface KernelState {
  modal: ModalSlice
  router: RouterSlice
  accounts: Partial<Record<ChainNamespace, AccountState>>
  networks: NetworksSlice
  connection: WalletConnectionState
  connectors: Connector[]
  wallets: WalletListState
  toasts: ToastsSlice
  theme: Theme
  options: ResolvedOptions
  plugins: Record<string, PluginRecord>
  signIn: SignInSlice
}
