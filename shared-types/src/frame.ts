/** The auth frame's postMessage protocol (SPEC §7): app events with their payloads and replies. */
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
  GET_SOCIAL_REDIRECT_URI: { payload: { provider: string }; reply: { uri: string } }
  /** `token`: the app's SESSION_UPDATE copy, so a frame that forgot its session (reload) still ends it. */
  SIGN_OUT: { payload: { token?: string } | undefined; reply: undefined }
  IS_CONNECTED: { payload: { token?: string }; reply: { isConnected: boolean } }
  GET_CHAIN_ID: { payload: undefined; reply: { chainId: string | number } }
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: undefined; reply: { smartAccountEnabledNetworks: number[] } }
  INIT_SMART_ACCOUNT: { payload: undefined; reply: undefined }
  SET_PREFERRED_ACCOUNT: { payload: { type: AccountType }; reply: undefined }
  RPC_REQUEST: { payload: { method: string; params?: unknown }; reply: unknown }
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
  | { id: string; type: `@portico/frame/${FrameRequestType}_ERROR`; payload: { message: string } }
  | { type: '@portico/frame/READY'; payload?: { version?: string } }
  /**
   * `token` is opaque to the app (services/auth-frame: `<session token>.<device secret>`). The app keeps
   * it and gives it back in IS_CONNECTED { token }: browsers that block a cross-site frame's storage make
   * the frame forget its session on reload, and this is how it resumes. Drop it on SIGN_OUT.
   */
  | { type: '@portico/frame/SESSION_UPDATE'; payload: { token: string } }

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
