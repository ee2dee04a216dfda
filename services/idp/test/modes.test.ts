/** The GitHub, Discord and X modes: their endpoints, answer shapes, and the checks a real provider makes. */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devClientSecret, type Idp, startIdp, subjectFor } from '../src/index.ts'
import { signInForm, TestBrowser } from './testing.ts'

const CALLBACK = 'http://localhost:4999/social/callback'
let idp: Idp
beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [CALLBACK] })
})
afterAll(() => idp?.close())

const MODES = {
  github: { authorize: '/github/login/oauth/authorize', token: '/github/login/oauth/access_token' },
  discord: { authorize: '/discord/oauth2/authorize', token: '/discord/api/oauth2/token' },
  x: { authorize: '/x/i/oauth2/authorize', token: '/x/2/oauth2/token' },
} as const
type Mode = keyof typeof MODES
const verifier = 'v'.repeat(43)
const challenge = createHash('sha256').update(verifier).digest('base64url')
const user = { email: 'gil@portico.dev', username: 'gil' }

function authorizeUrl(mode: Mode, extra: Record<string, string | null> = {}) {
  const url = new URL(`${idp.url}${MODES[mode].authorize}`)
  const params: Record<string, string | null> = {
    client_id: mode,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: mode === 'github' ? 'read:user user:email' : mode === 'discord' ? 'identify email' : 'users.read',
    state: 's1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value)
  return url.href
}

/** Through the dev sign-in page to the callback; returns the callback URL. */
async function code(mode: Mode, extra: Record<string, string | null> = {}) {
  const browser = new TestBrowser()
  const page = await browser.follow(authorizeUrl(mode, extra), (url) => url.href.startsWith(CALLBACK))
  if (!page.response) return new URL(page.url)
  const form = signInForm(await page.response.text())
  if (!form) throw new Error('no sign-in form')
  const done = await browser.follow(
    new URL(form.action, idp.url).href,
    (url) => url.href.startsWith(CALLBACK),
    {
      form: { ...form.hidden, ...user },
    },
  )
  return new URL(done.url)
}

function exchange(
  mode: Mode,
  fields: Record<string, string>,
  init: { basic?: boolean; accept?: string } = {},
) {
  const secret = devClientSecret(mode)
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: init.accept ?? 'application/json',
  }
  const body = new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: CALLBACK, ...fields })
  if (init.basic) headers.authorization = `Basic ${Buffer.from(`${mode}:${secret}`).toString('base64')}`
  else {
    body.set('client_id', mode)
    body.set('client_secret', secret)
  }
  return fetch(`${idp.url}${MODES[mode].token}`, { method: 'POST', headers, body })
}

describe('OAuth 2 modes', () => {
  it('GitHub: code → token → /user and /user/emails in GitHub’s shapes', async () => {
    const callback = await code('github')
    expect(callback.searchParams.get('state')).toBe('s1')
    const answer = await exchange('github', {
      code: callback.searchParams.get('code') ?? '',
      code_verifier: verifier,
    })
    const token = (await answer.json()) as Record<string, string>
    expect(token).toMatchObject({ token_type: 'bearer', scope: 'read:user,user:email' })
    const auth = { authorization: `Bearer ${token.access_token}` }
    const me = await (await fetch(`${idp.url}/github/api/user`, { headers: auth })).json()
    expect(me).toMatchObject({ id: Number(subjectFor('github', user.email)), login: 'gil', email: null })
    const emails = await (await fetch(`${idp.url}/github/api/user/emails`, { headers: auth })).json()
    expect(emails).toContainEqual({ email: user.email, primary: true, verified: true, visibility: 'private' })
  })

  it('GitHub: the token answer is form-encoded without Accept: application/json, and errors come with 200', async () => {
    const callback = await code('github')
    const form = await exchange(
      'github',
      { code: callback.searchParams.get('code') ?? '', code_verifier: verifier },
      { accept: '*/*' },
    )
    expect(form.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(new URLSearchParams(await form.text()).get('token_type')).toBe('bearer')
    const replay = await exchange('github', {
      code: callback.searchParams.get('code') ?? '',
      code_verifier: verifier,
    })
    expect(replay.status).toBe(200)
    expect(await replay.json()).toMatchObject({ error: 'bad_verification_code' })
  })

  it('Discord: /users/@me with a verified email; X: /2/users/me with HTTP Basic', async () => {
    const discord = await code('discord')
    const dToken = await (await exchange('discord', { code: discord.searchParams.get('code') ?? '' })).json()
    expect(dToken).toMatchObject({ token_type: 'Bearer', scope: 'identify email' })
    const dMe = await (
      await fetch(`${idp.url}/discord/api/users/@me`, {
        headers: { authorization: `Bearer ${dToken.access_token}` },
      })
    ).json()
    expect(dMe).toMatchObject({
      id: subjectFor('discord', user.email),
      username: 'gil',
      email: user.email,
      verified: true,
    })
    const x = await code('x')
    const xToken = await (
      await exchange(
        'x',
        { code: x.searchParams.get('code') ?? '', code_verifier: verifier },
        { basic: true },
      )
    ).json()
    const xMe = await (
      await fetch(`${idp.url}/x/2/users/me`, { headers: { authorization: `Bearer ${xToken.access_token}` } })
    ).json()
    expect(xMe).toEqual({ data: { id: subjectFor('x', user.email), name: 'gil', username: 'gil' } })
  })

  it('X: refuses a wrong or missing PKCE verifier, client credentials in the body, and a replayed code', async () => {
    const first = (await code('x')).searchParams.get('code') ?? ''
    const wrong = await exchange('x', { code: first, code_verifier: 'w'.repeat(43) }, { basic: true })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' })
    // The code was spent by the failed attempt.
    expect((await exchange('x', { code: first, code_verifier: verifier }, { basic: true })).status).toBe(400)
    const second = (await code('x')).searchParams.get('code') ?? ''
    expect((await exchange('x', { code: second }, { basic: true })).status).toBe(400)
    const third = (await code('x')).searchParams.get('code') ?? ''
    const inBody = await exchange('x', { code: third, code_verifier: verifier })
    expect(inBody.status).toBe(401)
    expect(await inBody.json()).toMatchObject({ error: 'invalid_client' })
  })

  it('X: an authorization without code_challenge goes back with invalid_request', async () => {
    const callback = await code('x', { code_challenge: null, code_challenge_method: null })
    expect(callback.searchParams.get('error')).toBe('invalid_request')
    expect(callback.searchParams.get('code')).toBeNull()
  })

  it('refuses a wrong client secret and an unregistered redirect URI (shown, never redirected to)', async () => {
    const callback = await code('discord')
    const answer = await fetch(`${idp.url}${MODES.discord.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        client_id: 'discord',
        client_secret: 'guess',
      }),
    })
    expect(answer.status).toBe(401)
    const evil = await new TestBrowser().follow(
      authorizeUrl('github', { redirect_uri: 'https://evil.example/cb' }),
      (url) => url.hostname === 'evil.example',
    )
    expect(evil.response?.status).toBe(400)
    expect(await evil.response?.text()).toContain('redirect_uri did not match')
  })

  it('the user APIs answer 401 in each provider’s shape without a valid token', async () => {
    const bad = { headers: { authorization: 'Bearer nope' } }
    const github = await fetch(`${idp.url}/github/api/user`, bad)
    expect(github.status).toBe(401)
    expect(await github.json()).toMatchObject({ message: 'Bad credentials' })
    expect(await (await fetch(`${idp.url}/discord/api/users/@me`, bad)).json()).toMatchObject({ code: 0 })
    expect(await (await fetch(`${idp.url}/x/2/users/me`, bad)).json()).toMatchObject({ status: 401 })
  })

  it('Cancel goes back with access_denied and the state', async () => {
    const browser = new TestBrowser()
    const page = await browser.follow(authorizeUrl('discord'), (url) => url.href.startsWith(CALLBACK))
    const form = signInForm((await page.response?.text()) ?? '')
    const done = await browser.follow(
      `${idp.url}/discord/dev/cancel`,
      (url) => url.href.startsWith(CALLBACK),
      {
        form: form?.hidden ?? {},
      },
    )
    const back = new URL(done.url)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('s1')
  })
})
