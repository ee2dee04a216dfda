/**
 * The frame side of the behaviour §7 protocol (shared-types frame.ts): which messages it accepts and the
 * shape of its replies. Pure functions; the bridge and the tests use them.
 */
import type { FrameReplyMessage, FrameRequestMessage, FrameRequestType } from '@portico/shared-types/frame'

export const APP_PREFIX = '@portico/app/'
export const FRAME_PREFIX = '@portico/frame/'

/** Every request type of FrameRequests, in the behaviour reference's order. */
export const FRAME_REQUEST_TYPES = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'GET_SOCIAL_REDIRECT_URI',
  'SIGN_OUT',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'INIT_SMART_ACCOUNT',
  'SET_PREFERRED_ACCOUNT',
  'RPC_REQUEST',
  'CANCEL_REQUEST',
  'SHOW_KEY_EXPORT',
  'SHOW_PASSKEY',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'RELOAD',
] as const satisfies readonly FrameRequestType[]

/** Answered in the frame itself (no backend call). */
export const LOCAL_REQUEST_TYPES = [
  'CANCEL_REQUEST',
  'SHOW_KEY_EXPORT',
  'SHOW_PASSKEY',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'RELOAD',
] as const satisfies readonly FrameRequestType[]

/**
 * Backend calls only the frame's own script makes (never accepted from the app): what to show for an
 * unsafe request and its one-time approval after the user's click, the user's key export, and the
 * passkey ceremonies (their options and the authenticator's answers, made in the frame's own document).
 */
export const BACKEND_ONLY_TYPES = [
  'DESCRIBE_REQUEST',
  'APPROVE_REQUEST',
  'EXPORT_KEY_START',
  'EXPORT_KEY',
  'PASSKEY_REGISTER_START',
  'PASSKEY_REGISTER',
  'PASSKEY_LOGIN_START',
  'PASSKEY_LOGIN',
] as const
export type BackendOnlyType = (typeof BACKEND_ONLY_TYPES)[number]

/** A request larger than this (as JSON) is ignored: no legitimate one comes close. */
export const MAX_MESSAGE_CHARS = 64 * 1024
export const MAX_ID_CHARS = 128

const TYPES: ReadonlySet<string> = new Set(FRAME_REQUEST_TYPES)

/**
 * A well-formed app request, or undefined for anything else (foreign shapes, unknown types, bad ids,
 * oversized or unserialisable payloads): those are ignored without a reply.
 */
export function parseRequest(data: unknown): FrameRequestMessage | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined
  const { id, type, payload } = data as Record<string, unknown>
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_CHARS) return undefined
  if (typeof type !== 'string' || !type.startsWith(APP_PREFIX)) return undefined
  const name = type.slice(APP_PREFIX.length)
  if (!TYPES.has(name)) return undefined
  if (payload !== undefined && (payload === null || typeof payload !== 'object' || Array.isArray(payload)))
    return undefined
  let size: number
  try {
    size = JSON.stringify(payload ?? null).length
  } catch {
    return undefined
  }
  if (size > MAX_MESSAGE_CHARS) return undefined
  return { id, type: type as FrameRequestMessage['type'], payload: payload as FrameRequestMessage['payload'] }
}

export const requestType = (message: FrameRequestMessage): FrameRequestType =>
  message.type.slice(APP_PREFIX.length) as FrameRequestType

export function successReply(id: string, type: FrameRequestType, payload: unknown): FrameReplyMessage {
  return { id, type: `${FRAME_PREFIX}${type}_SUCCESS`, payload }
}

export function errorReply(
  id: string,
  type: FrameRequestType,
  message: string,
  code?: number,
): FrameReplyMessage {
  return {
    id,
    type: `${FRAME_PREFIX}${type}_ERROR`,
    payload: { message, ...(typeof code === 'number' && Number.isSafeInteger(code) && { code }) },
  }
}

/**
 * The page that embeds the frame, from its `parentOrigin` parameter: an http(s) origin exactly
 * (`scheme://host[:port]`, no path), else undefined.
 */
export function parseOrigin(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > 2048) return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.origin !== text.replace(/\/$/, '')) return undefined
  return url.origin
}
