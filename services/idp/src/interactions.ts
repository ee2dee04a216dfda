/** The dev sign-in page: pick or type a dev user (email + username) and complete the interaction. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import { page } from './html.ts'
import { readFields, sendHtml } from './http.ts'
import type { AccountStore } from './oidc.ts'
import { checkDevUser, isOidcModeProvider, type SocialProviderId, subjectFor } from './providers.ts'
import { signInPage } from './signInPage.ts'

function interactionPage(
  uid: string,
  provider: SocialProviderId,
  error?: string,
  typed?: { email: string; username: string },
) {
  const base = `/interaction/${encodeURIComponent(uid)}`
  return signInPage({
    provider,
    action: `${base}/login`,
    cancelAction: `${base}/abort`,
    ...(error ? { error } : {}),
    ...(typed ? { typed } : {}),
  })
}

async function providerOf(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res)
  const clientId = details.params.client_id
  if (!isOidcModeProvider(clientId)) throw new Error('Unknown client')
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
    sendHtml(res, 200, interactionPage(uid, clientId))
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
      sendHtml(res, 400, interactionPage(details.uid, clientId, error, { email, username }))
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
