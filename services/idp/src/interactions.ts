/** The dev sign-in page: pick or type a dev user (email + username) and complete the interaction. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import { escapeHtml, page } from './html.ts'
import { readFields, sendHtml } from './http.ts'
import type { AccountStore } from './oidc.ts'
import {
  checkDevUser,
  devUsers,
  isSocialProvider,
  PROVIDER_NAMES,
  type SocialProviderId,
  subjectFor,
} from './providers.ts'

function signInPage(
  uid: string,
  provider: SocialProviderId,
  error?: string,
  typed?: { email: string; username: string },
) {
  const name = PROVIDER_NAMES[provider]
  const action = `/interaction/${encodeURIComponent(uid)}/login`
  const picks = devUsers(provider)
    .map(
      (user) => `<form method="post" action="${action}">
<input type="hidden" name="email" value="${escapeHtml(user.email)}"><input type="hidden" name="username" value="${escapeHtml(user.username)}">
<button type="submit">Continue as ${escapeHtml(user.email)}</button></form>`,
    )
    .join('')
  return page(
    `Sign in with ${name}`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="note">Portico dev identity provider: no password, pick or type a dev user.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${picks}
<form method="post" action="${action}">
<label>Email <input name="email" type="email" required maxlength="254" value="${escapeHtml(typed?.email ?? '')}"></label>
<label>Username <input name="username" required maxlength="39" value="${escapeHtml(typed?.username ?? '')}"></label>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${encodeURIComponent(uid)}/abort"><button class="secondary" type="submit">Cancel</button></form>`,
  )
}

async function providerOf(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res)
  const clientId = details.params.client_id
  if (!isSocialProvider(clientId)) throw new Error('Unknown client')
  return { details, clientId }
}

/** Routes /interaction/:uid (GET), /interaction/:uid/login and /interaction/:uid/abort (POST). */
export async function handleInteraction(
  provider: Provider,
  accounts: AccountStore,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login|\/abort)?$/.exec(path)
  if (!match) return false
  const [, uid = '', action] = match
  if (!action && req.method === 'GET') {
    const { details, clientId } = await providerOf(provider, req, res)
    if (details.uid !== uid) return sendHtml(res, 400, page('Error', '<p>Interaction mismatch</p>'))
    sendHtml(res, 200, signInPage(uid, clientId))
    return true
  }
  if (action === '/abort' && req.method === 'POST') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    )
    return true
  }
  if (action === '/login' && req.method === 'POST') {
    const { details, clientId } = await providerOf(provider, req, res)
    const fields = await readFields(req)
    const email = (fields.email ?? '').trim()
    const username = (fields.username ?? '').trim()
    const error = checkDevUser(email, username)
    if (error) {
      sendHtml(res, 400, signInPage(details.uid, clientId, error, { email, username }))
      return true
    }
    const sub = subjectFor(clientId, email)
    accounts.put({ sub, provider: clientId, email, username })
    const grant = new provider.Grant({ accountId: sub, clientId })
    grant.addOIDCScope('openid email profile')
    const grantId = await grant.save()
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub, remember: false }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
    return true
  }
  return false
}
