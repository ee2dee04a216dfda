/**
 * GET /social/callback on the frame origin: where the IdP sends the popup back. The page posts its own
 * address to `window.opener` (the app page) with the app's origin as the exact target: the origin bound
 * to the login when it started (server-side, by its state), never one read from the address. Without an
 * opener (a Telegram mini app went to the provider itself) it goes back to the app address the login
 * started with (checked against that origin when it started) with its own address as `result_uri`.
 */
import { randomBytes } from 'node:crypto'
import { SOCIAL_CALLBACK_MESSAGE } from '@portico/shared-types/frame'
import { escapeHtml, htmlHeaders, page } from '../http/html.ts'

export interface CallbackPage {
  status: number
  headers: Record<string, string>
  body: string
}

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** What the login of a callback's state recorded when it started. */
export interface CallbackLogin {
  appOrigin: string
  returnTo?: string
}

/** The query parameter the app reads the result from (kernel: telegram/resultUriParam.ts). */
const RESULT_URI_PARAM = 'result_uri'

/** The callback page for a state's login (undefined: unknown or expired). */
export function renderCallbackPage(login: CallbackLogin | undefined): CallbackPage {
  if (!login) {
    return {
      status: 400,
      headers: htmlHeaders("default-src 'none'; frame-ancestors 'none'"),
      body: page(
        'Sign-in expired',
        '<h1>Sign-in expired</h1><p role="alert">This sign-in has expired or was already used. Close this window and try again.</p>',
      ),
    }
  }
  const { appOrigin, returnTo } = login
  const nonce = randomBytes(16).toString('base64')
  const back = returnTo
    ? `const back=new URL(${json(returnTo)});back.searchParams.set(${json(RESULT_URI_PARAM)},location.href);location.replace(back.href)`
    : `document.getElementById('status').textContent='Return to the app window to finish signing in.'`
  const script = `const target=${json(appOrigin)};if(window.opener){window.opener.postMessage({type:${json(SOCIAL_CALLBACK_MESSAGE)},payload:{uri:location.href}},target)}else{${back}}`
  return {
    status: 200,
    // Its one script writes text and navigates: it needs no Trusted Types policy, so none may be made.
    headers: htmlHeaders(
      `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types 'none'`,
    ),
    body: page(
      'Signing in',
      `<h1>Signing in…</h1><p id="status" role="status">Finishing sign-in for ${escapeHtml(new URL(appOrigin).host)}.</p><script nonce="${nonce}">${script}</script>`,
    ),
  }
}
