/**
 * GET /social/callback on the frame origin: where the IdP sends the popup back. The page posts its own
 * address to `window.opener` (the app page) with the app's origin as the exact target: the origin bound
 * to the login when it started (server-side, by its state), never one read from the address.
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

/** The callback page for a state whose login started from `appOrigin` (undefined: unknown or expired). */
export function renderCallbackPage(appOrigin: string | undefined): CallbackPage {
  if (!appOrigin) {
    return {
      status: 400,
      headers: htmlHeaders("default-src 'none'; frame-ancestors 'none'"),
      body: page(
        'Sign-in expired',
        '<h1>Sign-in expired</h1><p role="alert">This sign-in has expired or was already used. Close this window and try again.</p>',
      ),
    }
  }
  const nonce = randomBytes(16).toString('base64')
  const script = `const target=${json(appOrigin)};if(window.opener){window.opener.postMessage({type:${json(SOCIAL_CALLBACK_MESSAGE)},payload:{uri:location.href}},target)}else{document.getElementById('status').textContent='Return to the app window to finish signing in.'}`
  return {
    status: 200,
    headers: htmlHeaders(`default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`),
    body: page(
      'Signing in',
      `<h1>Signing in…</h1><p id="status" role="status">Finishing sign-in for ${escapeHtml(new URL(appOrigin).host)}.</p><script nonce="${nonce}">${script}</script>`,
    ),
  }
}
