/**
 * Social login through the auth frame (behaviour §4, §7): GET_SOCIAL_REDIRECT_URI (asked while the pointer
 * rests on the provider's button, preparedLogin.ts, else after the press) → the provider in a popup →
 * the frame's callback page posts its address back (SOCIAL_CALLBACK_MESSAGE, frame origin, from that
 * popup only) → CONNECT_SOCIAL with it. Farcaster: GET_FARCASTER_URI (a QR) → CONNECT_FARCASTER.
 */
import { type Features, MESSAGES } from '@portico/shared-types'
import { SOCIAL_CALLBACK_MESSAGE } from '@portico/shared-types/frame'
import type { PluginContext } from '@portico/shared-types/plugin'
import { finishConnect, sessionOf } from '../../embedded-wallet/src/index.ts'
import { SOCIAL_POPUP } from './popupWindow.ts'
import { strings } from './strings.ts'

export const SOCIAL_CONNECTOR_ID = 'ID_AUTH_SOCIAL'
/** behaviour §5: social provider must be one of these. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OAuthProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Plugin storage key of the connected social provider (behaviour §3). */
export const CONNECTED_SOCIAL_KEY = 'connected_social'
/** How long the popup may stay open; the visitor may also close it (checked every POLL_MS). */
export const POPUP_WAIT_MS = 5 * 60_000
const POLL_MS = 500
/** Farcaster approval happens on a phone: longer than a frame call. */
export const FARCASTER_WAIT_MS = 5 * 60_000

export const VIEWS = {
  connectingSocial: 'ConnectingSocial',
  connectingFarcaster: 'ConnectingFarcaster',
  approve: 'ApproveSocialTransaction',
  accountType: 'SocialAccountType',
  exportKey: 'SocialExportKey',
} as const

export const isOAuthProvider = (value: unknown): value is OAuthProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value)

/** The configured socials in app order (unknown names dropped, duplicates once) and whether farcaster is on. */
export function configuredSocials(socials: Features['socials'] | undefined): {
  providers: OAuthProvider[]
  farcaster: boolean
} {
  const list = Array.isArray(socials) ? socials : []
  return { providers: [...new Set(list.filter(isOAuthProvider))], farcaster: list.includes('farcaster') }
}

/**
 * Opened in the click itself (a later window.open is blocked); navigated once the URI is known. When the
 * Connect view's stand-in already opened it, this finds it by name and leaves it as it is.
 */
export function openPopup(url = ''): Window | null {
  const { name, width, height } = SOCIAL_POPUP
  const left = Math.max(0, (window.screen.width - width) / 2)
  const top = Math.max(0, (window.screen.height - height) / 2)
  return window.open(url, name, `popup,width=${width},height=${height},left=${left},top=${top}`)
}

/** The window a press opened, and the provider address it opened at when one was prepared (preparedLogin.ts). */
export interface OpenedPopup {
  popup: Window | null
  opened?: string
}

const popups = new WeakMap<PluginContext, OpenedPopup>()
export const rememberPopup = (ctx: PluginContext, opened: OpenedPopup) => popups.set(ctx, opened)
export const takePopup = (ctx: PluginContext): OpenedPopup => {
  const opened = popups.get(ctx) ?? { popup: null }
  popups.delete(ctx)
  return opened
}

function providerUrl(uri: unknown): string {
  let url: URL
  try {
    url = new URL(String(uri))
  } catch {
    throw new Error(MESSAGES.somethingWentWrong)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(MESSAGES.somethingWentWrong)
  return url.href
}

/** The callback address the frame's page posts from `popup`; rejects when it is closed or takes too long. */
export function waitForCallback(frameOrigin: string, popup: Window, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || event.source !== popup) return
      const data = event.data as { type?: unknown; payload?: { uri?: unknown } } | null
      if (data?.type !== SOCIAL_CALLBACK_MESSAGE || typeof data.payload?.uri !== 'string') return
      if (data.payload.uri.length > 4096) return
      done()
      resolve(data.payload.uri)
    }
    const onAbort = () => {
      done()
      reject(new Error(MESSAGES.somethingWentWrong))
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      done()
      reject(new Error(strings.popupClosed))
    }, POLL_MS)
    const timer = setTimeout(onAbort, POPUP_WAIT_MS)
    window.addEventListener('message', onMessage)
    signal?.addEventListener('abort', onAbort)
  })
}

/**
 * behaviour §8: a social login URL without `state` throws. The state is what ties the provider's return
 * to this login (the frame checks it on CONNECT_SOCIAL); a URL without one is never opened, on any
 * platform (a Telegram mini app's included).
 */
export function socialLoginUrl(uri: unknown): string {
  const href = providerUrl(uri)
  if (!new URL(href).searchParams.get('state')) throw new Error(strings.missingState)
  return href
}

/** The provider's authorization address from the frame (its state checked: behaviour §8). */
export async function requestLoginUrl(
  ctx: PluginContext,
  provider: OAuthProvider,
  signal?: AbortSignal,
): Promise<string> {
  const frame = await sessionOf(ctx).frame()
  const { uri } = await frame.request('GET_SOCIAL_REDIRECT_URI', { provider }, signal ? { signal } : {})
  return socialLoginUrl(uri)
}

/**
 * Logs in with `provider` in the window the press opened: already at the provider when the press had a
 * prepared address (`opened`), else sent there once the frame answers.
 */
export async function connectSocial(
  ctx: PluginContext,
  provider: OAuthProvider,
  { popup, opened }: OpenedPopup,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const frame = await sessionOf(ctx).frame()
    let window_ = popup && !popup.closed ? popup : null
    if (!opened || !window_) {
      const target = await requestLoginUrl(ctx, provider, signal)
      window_ ??= openPopup()
      if (!window_) throw new Error(strings.popupBlocked)
      window_.location.href = target
    }
    const callback = await waitForCallback(frame.origin, window_, signal)
    window_.close()
    await frame.request('CONNECT_SOCIAL', { uri: callback }, signal ? { signal } : {})
    ctx.storage.set(CONNECTED_SOCIAL_KEY, provider)
    await finishConnect(ctx, SOCIAL_CONNECTOR_ID)
  } catch (error) {
    if (popup && !popup.closed) popup.close()
    throw error
  }
}

export async function farcasterUri(ctx: PluginContext, signal?: AbortSignal): Promise<string> {
  const frame = await sessionOf(ctx).frame()
  const { url } = await frame.request('GET_FARCASTER_URI', undefined, signal ? { signal } : {})
  return providerUrl(url)
}

export async function connectFarcaster(ctx: PluginContext, signal?: AbortSignal): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  await frame.request('CONNECT_FARCASTER', undefined, {
    timeoutMs: FARCASTER_WAIT_MS,
    ...(signal ? { signal } : {}),
  })
  ctx.storage.set(CONNECTED_SOCIAL_KEY, 'farcaster')
  await finishConnect(ctx, SOCIAL_CONNECTOR_ID)
}
