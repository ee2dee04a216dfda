/** The typed event map of the kernel's mitt bus. Analytics and plugins listen; actions emit. */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type { AccountType, ThemeMode } from './entities.ts'
import type { Direction } from './state.ts'

export type ConnectMethodName = 'browser' | 'qrcode' | 'mobile' | 'email' | 'social'

export interface SwapEventProperties {
  network: string
  swapFromToken: string
  swapToToken: string
  swapFromAmount: string
  swapToAmount: string
  isSmartAccount: boolean
  message?: string
}

// biome-ignore lint/complexity/noBannedTypes: mitt needs an object type for payload-less events
type NoPayload = {}

export type PorticoEvents = {
  MODAL_OPEN: { view: string }
  MODAL_CLOSE: { connected: boolean }
  VIEW_CHANGED: { view: string; direction: Direction }
  CONNECT_SUCCESS: { method: ConnectMethodName; name: string; namespace: ChainNamespace }
  CONNECT_ERROR: { message: string; name?: string }
  DISCONNECT_SUCCESS: NoPayload
  DISCONNECT_ERROR: { message: string }
  ACCOUNT_CHANGED: { namespace: ChainNamespace; caipAddress?: CaipAddress }
  NETWORK_CHANGED: { caipNetworkId: CaipNetworkId }
  THEME_CHANGED: { themeMode: ThemeMode }
  SWAP_SUCCESS: SwapEventProperties
  SWAP_ERROR: SwapEventProperties
  SWAP_APPROVAL_ERROR: SwapEventProperties
  SET_PREFERRED_ACCOUNT_TYPE: { accountType: AccountType; network: string }
  SIWX_AUTH_SUCCESS: { network: string; isSmartAccount: boolean }
  PLUGIN_READY: { id: string }
  PLUGIN_FAILED: { id: string; message: string }
}

export type PorticoEventName = keyof PorticoEvents
