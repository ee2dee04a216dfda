/** The dev sign-in page every provider mode shows: pick or type a dev user, or cancel. */
import { escapeHtml, page } from './html.ts'
import { devUsers, PROVIDER_NAMES, type SocialProviderId } from './providers.ts'

export interface SignInPageOptions {
  provider: SocialProviderId
  /** Where the user's pick is posted. */
  action: string
  /** Where Cancel posts. */
  cancelAction: string
  /** Hidden fields posted with both forms (e.g. the pending request's id). */
  hidden?: Record<string, string>
  error?: string
  typed?: { email: string; username: string }
}

export function signInPage(options: SignInPageOptions): string {
  const name = PROVIDER_NAMES[options.provider]
  const hidden = Object.entries(options.hidden ?? {})
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('')
  const action = escapeHtml(options.action)
  const picks = devUsers(options.provider)
    .map(
      (user) => `<form method="post" action="${action}">${hidden}
<input type="hidden" name="email" value="${escapeHtml(user.email)}"><input type="hidden" name="username" value="${escapeHtml(user.username)}">
<button type="submit">Continue as ${escapeHtml(user.email)}</button></form>`,
    )
    .join('')
  return page(
    `Sign in with ${name}`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="note">Portico dev identity provider: no password, pick or type a dev user.</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
${picks}
<form method="post" action="${action}">${hidden}
<label>Email <input name="email" type="email" required maxlength="254" value="${escapeHtml(options.typed?.email ?? '')}"></label>
<label>Username <input name="username" required maxlength="39" value="${escapeHtml(options.typed?.username ?? '')}"></label>
<button type="submit">Sign in</button></form>
<form method="post" action="${escapeHtml(options.cancelAction)}">${hidden}<button class="secondary" type="submit">Cancel</button></form>`,
  )
}
