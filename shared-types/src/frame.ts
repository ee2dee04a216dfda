/** The auth frame's postMessage protocol (behaviour §7): app events with their payloads and replies. */
import type { AccountType, AuthFrameUser, DappData, Theme } from './entities.ts'

export interface FrameRequests {
  SWITCH_NETWORK: { payload: { chainId: string | number }; reply: { chainId: string | number } }
  CONNECT_EMAIL: {
    payload: { email: string }
    reply: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }
  }
  CONNECT_DEVICE: { payload: undefined; reply: undefined }
  CONNECT_OTP: { payload: { otp: string }; reply: undefined }
  CONNECT_SOCIAL: { payload: { uri: string }; reply: AuthFrameUser }
  GET_FARCASTER_URI: { payload: undefined; reply: { url: string } }
  CONNECT_FARCASTER: { payload: undefined; reply: AuthFrameUser }
  GET_USER: {
    payload: { chainId?: string | number; preferredAccountType?: AccountType }
    reply: AuthFrameUser
  }
  /**
   * `returnTo`: where the callback page sends the login back with `result_uri` when it has no opener
   * (a Telegram mini app leaves for the provider itself); an address on the app's own origin.
   */
  GET_SOCIAL_REDIRECT_URI: { payload: { provider: string; returnTo?: string }; reply: { uri: string } }
  /** Ends the user's sessions everywhere. The session is the frame's own (its cookie): the app sends none. */
  SIGN_OUT: { payload: undefined; reply: undefined }
  /** behaviour §7 lists an optional token: the frame ignores any, the app holds no credential. */
  IS_CONNECTED: { payload: Record<string, never> | undefined; reply: { isConnected: boolean } }
  GET_CHAIN_ID: { payload: undefined; reply: { chainId: string | number } }
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: undefined; reply: { smartAccountEnabledNetworks: number[] } }
  INIT_SMART_ACCOUNT: { payload: undefined; reply: undefined }
  SET_PREFERRED_ACCOUNT: { payload: { type: AccountType }; reply: undefined }
  /**
   * Unsafe methods (behaviour §6) are shown to the user by the frame itself, in its own origin, and signed only
   * after its Approve button is clicked; Reject answers with code 4001. Safe ones are answered at once.
   */
  RPC_REQUEST: { payload: { method: string; params?: unknown }; reply: unknown }
  /**
   * Withdraws a request still waiting for the user (an RPC_REQUEST, answered with 4001, or
   * SHOW_KEY_EXPORT), by its message id.
   */
  CANCEL_REQUEST: { payload: { id: string }; reply: undefined }
  /**
   * The user's key export, inside the frame: a fresh code is mailed, then the keys are shown in the
   * frame's document only. Answered when the user closes it; the reply never carries a key.
   */
  SHOW_KEY_EXPORT: { payload: undefined; reply: undefined }
  /**
   * Shows the frame's passkey view (its own origin runs the WebAuthn ceremony): `connect` signs in or
   * creates an account with a passkey, `add` adds one to the signed-in account. Resolves when the view
   * closes; `connected` says a session was made.
   */
  SHOW_PASSKEY: { payload: { purpose: 'connect' | 'add' }; reply: { connected: boolean; added: boolean } }
  UPDATE_EMAIL: {
    payload: { email: string }
    reply: { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
  }
  UPDATE_EMAIL_PRIMARY_OTP: { payload: { otp: string }; reply: undefined }
  UPDATE_EMAIL_SECONDARY_OTP: { payload: { otp: string }; reply: { newEmail: string } }
  SYNC_THEME: { payload: Pick<Theme, 'themeMode' | 'themeVariables'>; reply: undefined }
  SYNC_DAPP_DATA: { payload: DappData; reply: undefined }
  RELOAD: { payload: undefined; reply: undefined }
}

export type FrameRequestType = keyof FrameRequests

/** App → frame. Each call carries a random id that its reply echoes. */
export interface FrameRequestMessage<K extends FrameRequestType = FrameRequestType> {
  id: string
  type: `@portico/app/${K}`
  payload: FrameRequests[K]['payload']
}

/** Frame → app: a success or an error reply per request, plus unsolicited events. */
export type FrameReplyMessage =
  | { id: string; type: `@portico/frame/${FrameRequestType}_SUCCESS`; payload: unknown }
  | {
      id: string
      type: `@portico/frame/${FrameRequestType}_ERROR`
      /** `code`: the EIP-1193 / JSON-RPC code where one applies (4001 when the user rejected). */
      payload: { message: string; code?: number }
    }
  | { type: '@portico/frame/READY'; payload?: { version?: string } }
  /**
   * The session changed (logged in, signed out). It carries no credential: the session lives in the
   * frame's origin only (an HttpOnly cookie), so no script of the page can take or replay it.
   */
  | { type: '@portico/frame/SESSION_UPDATE'; payload: { connected: boolean } }
  /** While an approval is shown: the height its content needs, so the app sizes the frame's place. */
  | { type: '@portico/frame/APPROVAL_SIZE'; payload: { height: number } }

/**
 * Social login popup → its opener (the app page). The provider redirects the popup to the auth frame's
 * `/social/callback` page (frame origin), which posts this to `window.opener` with the app's exact origin
 * as target (the origin bound to the login server-side, never one read from the address). The app checks
 * `event.origin` is the frame's origin and `event.source` is its popup, closes the popup and sends
 * CONNECT_SOCIAL with `payload.uri`.
 */
export const SOCIAL_CALLBACK_MESSAGE = '@portico/frame/SOCIAL_CALLBACK'
export interface SocialCallbackMessage {
  type: typeof SOCIAL_CALLBACK_MESSAGE
  payload: { uri: string }
}
