/**
 * Social login inside a Telegram mini app (behaviour §2): a popup would open outside Telegram, where
 * the frame's callback page cannot reach this page. So the mini app goes to the provider itself, the
 * callback page brings it back with `result_uri` (the kernel takes it from the address) and the login
 * finishes here once the plugin is set up again.
 */
import { MESSAGES } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { finishConnect, sessionOf } from '../../embedded-wallet/src/index.ts'
import {
  CONNECTED_SOCIAL_KEY,
  isOAuthProvider,
  type OAuthProvider,
  SOCIAL_CONNECTOR_ID,
  socialLoginUrl,
} from './social.ts'

/** Plugin storage key of the provider a mini app left for (until it comes back). */
export const TELEGRAM_LOGIN_KEY = 'telegram_login'

type TelegramWindow = Window & {
  Telegram?: unknown
  TelegramWebviewProxy?: unknown
  TelegramWebviewProxyProto?: unknown
}

/** Running inside a Telegram mini app (the Telegram webview objects are present). */
export function isTelegramMiniApp(win: Window = window): boolean {
  const tg = win as TelegramWindow
  return Boolean(tg.Telegram || tg.TelegramWebviewProxy || tg.TelegramWebviewProxyProto)
}

/** Leaves for the provider; the frame sends the result back to this page's address. */
export async function startTelegramLogin(
  ctx: PluginContext,
  provider: OAuthProvider,
  signal?: AbortSignal,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  const { uri } = await frame.request(
    'GET_SOCIAL_REDIRECT_URI',
    { provider, returnTo: window.location.href },
    signal ? { signal } : {},
  )
  const target = socialLoginUrl(uri)
  if (signal?.aborted) return
  ctx.storage.set(TELEGRAM_LOGIN_KEY, provider)
  navigate(target)
}

/** At setup: the result the page came back with finishes the login the mini app left for. */
export async function finishTelegramLogin(ctx: PluginContext): Promise<void> {
  const result = ctx.takeSocialResult?.()
  const provider = ctx.storage.get<unknown>(TELEGRAM_LOGIN_KEY)
  if (provider !== undefined) ctx.storage.remove(TELEGRAM_LOGIN_KEY)
  // A result without a login this page started (or the reverse) is not acted on.
  if (!result || !isOAuthProvider(provider)) return
  try {
    const frame = await sessionOf(ctx).frame()
    await frame.request('CONNECT_SOCIAL', { uri: result })
    ctx.storage.set(CONNECTED_SOCIAL_KEY, provider)
    await finishConnect(ctx, SOCIAL_CONNECTOR_ID)
  } catch (error) {
    ctx.log.error('Portico: the social login could not be finished', error)
    ctx.toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong)
  }
}
