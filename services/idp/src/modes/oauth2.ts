/**
 * The OAuth 2 modes of the local IdP (GitHub, Discord, X): each provider's authorize page (the dev
 * sign-in page), token endpoint and user API under its prefix, with its documented answer and error
 * shapes (spec.ts and one file per provider), so the auth frame's real adapters run end to end here.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { escapeHtml, page } from '../html.ts'
import { readFields, sendHtml, sendJson } from '../http.ts'
import { checkDevUser, devClientSecret, subjectFor } from '../providers.ts'
import { signInPage } from '../signInPage.ts'
import { discord } from './discord.ts'
import { github } from './github.ts'
import type { Answer, DevAccount, ModeSpec } from './spec.ts'
import { ExpiringMap } from './store.ts'
import { x } from './x.ts'

export const OAUTH2_MODES: readonly ModeSpec[] = [github, discord, x]

export interface OAuth2ModesOptions {
  redirectUris: string[]
  clientSecretSeed?: string
}

interface AuthorizationRequest {
  spec: ModeSpec
  redirectUri: string
  state: string | undefined
  scope: string
  codeChallenge: string | undefined
  challengeMethod: string
}
interface IssuedCode extends AuthorizationRequest {
  account: DevAccount
}
interface IssuedToken {
  provider: string
  account: DevAccount
  scopes: string[]
}

const random = () => randomBytes(24).toString('base64url')
const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

function send(res: ServerResponse, answer: Answer): true {
  if (answer.type === 'form') {
    res.writeHead(answer.status, {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'cache-control': 'no-store',
    })
    res.end(new URLSearchParams(answer.body as Record<string, string>).toString())
    return true
  }
  return sendJson(res, answer.status, answer.body)
}

function redirect(res: ServerResponse, to: URL): true {
  res.writeHead(302, { location: to.href, 'cache-control': 'no-store' })
  res.end()
  return true
}

const errorPage = (res: ServerResponse, message: string) =>
  sendHtml(
    res,
    400,
    page('Sign-in error', `<h1>Sign-in error</h1><p role="alert">${escapeHtml(message)}</p>`),
  )

/** The redirect back to the client with an error (only once the redirect URI is known to be registered). */
function backWithError(
  res: ServerResponse,
  request: { redirectUri: string; state?: string | undefined },
  error: string,
  description: string,
) {
  const to = new URL(request.redirectUri)
  to.searchParams.set('error', error)
  to.searchParams.set('error_description', description)
  if (request.state) to.searchParams.set('state', request.state)
  return redirect(res, to)
}

/** The client's id and secret, from HTTP Basic or the body, as the provider accepts them. */
function clientCredentials(spec: ModeSpec, req: IncomingMessage, fields: Record<string, string>) {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '')?.[1]
  if (basic && spec.clientAuth !== 'post') {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':')
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
  }
  if (spec.clientAuth === 'basic') return undefined
  return fields.client_id && fields.client_secret
    ? { id: fields.client_id, secret: fields.client_secret }
    : undefined
}

export function createOAuth2Modes(options: OAuth2ModesOptions) {
  const requests = new ExpiringMap<AuthorizationRequest>()
  const codes = new ExpiringMap<IssuedCode>()
  const tokens = new ExpiringMap<IssuedToken>()

  function authorize(spec: ModeSpec, res: ServerResponse, url: URL): true {
    const params = url.searchParams
    if (params.get('client_id') !== spec.provider) return errorPage(res, 'Unknown client_id')
    const redirectUri = params.get('redirect_uri') ?? ''
    // Never redirect to an address the client did not register: the error is shown here instead.
    if (!options.redirectUris.includes(redirectUri)) return errorPage(res, 'The redirect_uri did not match')
    const state = params.get('state') ?? undefined
    const back = { redirectUri, state }
    if (spec.responseType && params.get('response_type') !== 'code')
      return backWithError(res, back, 'unsupported_response_type', 'response_type must be code')
    const codeChallenge = params.get('code_challenge') ?? undefined
    const challengeMethod = params.get('code_challenge_method') ?? 'plain'
    if (spec.pkce === 'required' && !codeChallenge)
      return backWithError(res, back, 'invalid_request', 'code_challenge is required')
    if (codeChallenge && !['S256', 'plain'].includes(challengeMethod))
      return backWithError(res, back, 'invalid_request', 'code_challenge_method must be S256 or plain')
    if (spec.provider === 'x' && !params.get('scope'))
      return backWithError(res, back, 'invalid_request', 'scope is required')
    const id = random()
    requests.set(
      id,
      {
        spec,
        redirectUri,
        state,
        scope: params.get('scope') ?? '',
        codeChallenge: spec.pkce === 'ignored' ? undefined : codeChallenge,
        challengeMethod,
      },
      600,
    )
    return sendHtml(
      res,
      200,
      signInPage({
        provider: spec.provider,
        action: `${spec.prefix}/dev/sign-in`,
        cancelAction: `${spec.prefix}/dev/cancel`,
        hidden: { request: id },
      }),
    )
  }

  async function signIn(spec: ModeSpec, req: IncomingMessage, res: ServerResponse, cancel: boolean) {
    const fields = await readFields(req)
    const request = requests.get(fields.request)
    if (!request || request.spec !== spec) return errorPage(res, 'This sign-in has expired, start again')
    if (cancel) {
      requests.take(fields.request)
      return backWithError(res, request, 'access_denied', 'The user cancelled the sign-in')
    }
    const email = (fields.email ?? '').trim()
    const username = (fields.username ?? '').trim()
    const error = checkDevUser(email, username)
    if (error) {
      return sendHtml(
        res,
        400,
        signInPage({
          provider: spec.provider,
          action: `${spec.prefix}/dev/sign-in`,
          cancelAction: `${spec.prefix}/dev/cancel`,
          hidden: { request: fields.request ?? '' },
          error,
          typed: { email, username },
        }),
      )
    }
    requests.take(fields.request)
    const code = random()
    codes.set(
      code,
      { ...request, account: { id: subjectFor(spec.provider, email), email, username } },
      spec.codeTtl,
    )
    const to = new URL(request.redirectUri)
    to.searchParams.set('code', code)
    if (request.state) to.searchParams.set('state', request.state)
    return redirect(res, to)
  }

  async function token(spec: ModeSpec, req: IncomingMessage, res: ServerResponse) {
    const fields = await readFields(req)
    const client = clientCredentials(spec, req, fields)
    const secret = devClientSecret(spec.provider, options.clientSecretSeed)
    if (!client || client.id !== spec.provider || !same(client.secret, secret))
      return send(res, spec.tokenError('invalid_client', 'Client authentication failed'))
    if (spec.provider !== 'github' && fields.grant_type !== 'authorization_code')
      return send(res, spec.tokenError('invalid_request', 'grant_type must be authorization_code'))
    // One use: a replayed code is refused even when the first exchange failed.
    const issued = codes.take(fields.code)
    if (!issued || issued.spec !== spec)
      return send(res, spec.tokenError('invalid_grant', 'The code is incorrect or expired'))
    if (fields.redirect_uri !== undefined && fields.redirect_uri !== issued.redirectUri)
      return send(
        res,
        spec.tokenError('invalid_request', 'The redirect_uri does not match the authorization'),
      )
    if (issued.codeChallenge) {
      const verifier = fields.code_verifier ?? ''
      const computed =
        issued.challengeMethod === 'S256'
          ? createHash('sha256').update(verifier).digest('base64url')
          : verifier
      if (!verifier || !same(computed, issued.codeChallenge))
        return send(
          res,
          spec.tokenError('invalid_grant', 'The code_verifier does not match the code_challenge'),
        )
    }
    const accessToken = random()
    const scopes = issued.scope.split(/[\s,]+/).filter(Boolean)
    tokens.set(accessToken, { provider: spec.provider, account: issued.account, scopes }, 3600)
    return send(res, spec.tokenAnswer(accessToken, scopes.join(' '), req.headers.accept ?? ''))
  }

  function userApi(spec: ModeSpec, req: IncomingMessage, res: ServerResponse, path: string) {
    const answer = spec.userApi[path]
    if (!answer) return false
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const issued = tokens.get(bearer)
    if (!issued || issued.provider !== spec.provider) return send(res, spec.unauthorized)
    return send(res, answer(issued.account, issued.scopes))
  }

  /** Routes a request under a mode's prefix; false when it is not one of theirs. */
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const spec = OAUTH2_MODES.find((mode) => url.pathname.startsWith(`${mode.prefix}/`))
    if (!spec) return false
    const path = url.pathname.slice(spec.prefix.length)
    if (req.method === 'GET' && path === spec.authorizePath) return authorize(spec, res, url)
    if (req.method === 'POST' && path === '/dev/sign-in') return signIn(spec, req, res, false)
    if (req.method === 'POST' && path === '/dev/cancel') return signIn(spec, req, res, true)
    if (req.method === 'POST' && path === spec.tokenPath) return token(spec, req, res)
    if (req.method === 'GET') return userApi(spec, req, res, path)
    return false
  }
}
