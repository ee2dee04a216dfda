import { type Idp, startIdp, subjectFor } from '@portico/idp'
import { signInAtIdp, TestBrowser } from '@portico/idp/testing'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialContext } from '../socialSeam.ts'
import { CALLBACK_PATH, createSocialLogin, OIDC_PROVIDERS, SOCIAL_ERRORS } from './index.ts'

const FRAME = 'http://localhost:4999'
const ctx: SocialContext = {
  projectId: 'p1',
  parentOrigin: 'http://localhost:5555',
  deviceHash: 'device-1',
  frameOrigin: FRAME,
}
const otherFrame: SocialContext = { ...ctx, deviceHash: 'device-2' }
const atCallback = (url: URL) => url.origin === FRAME && url.pathname === CALLBACK_PATH
let idp: Idp
let social: ReturnType<typeof createSocialLogin>

beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [`${FRAME}${CALLBACK_PATH}`] })
  social = createSocialLogin({ idpUrl: idp.url })
})
afterAll(() => idp?.close())

const user = { email: 'erin@portico.dev', username: 'erin' }
async function callbackFor(provider: string, from = ctx, browser?: TestBrowser) {
  const { uri } = await social.redirectUri(provider, from)
  return signInAtIdp(uri, user, atCallback, browser)
}

describe('social login through the local IdP', () => {
  it.each(
    OIDC_PROVIDERS,
  )('%s: redirect → dev sign-in → connect names the verified identity', async (provider) => {
    const callback = await callbackFor(provider)
    expect(await social.connect(callback, ctx)).toEqual({
      provider,
      subject: subjectFor(provider, user.email),
      // X's user API names no email (docs.x.com GET /2/users/me).
      ...(provider === 'x' ? {} : { email: user.email }),
      userName: user.username,
    })
  })

  it('builds an authorization URL at the IdP with state, nonce, S256 PKCE and the frame callback', async () => {
    const { uri } = await social.redirectUri('google', ctx)
    const url = new URL(uri)
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.url}/auth`)
    expect(url.searchParams.get('client_id')).toBe('google')
    expect(url.searchParams.get('redirect_uri')).toBe(`${FRAME}${CALLBACK_PATH}`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(url.searchParams.get('code_verifier')).toBeNull()
  })

  it.each([
    ['github', '/github/login/oauth/authorize', 'read:user user:email'],
    ['discord', '/discord/oauth2/authorize', 'identify email'],
    ['x', '/x/i/oauth2/authorize', 'users.read tweet.read'],
  ])('%s: the authorization URL is its own endpoint (IdP mode) with state, S256 PKCE and its scopes', async (provider, path, scope) => {
    const url = new URL((await social.redirectUri(provider, ctx)).uri)
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.url}${path}`)
    expect(url.searchParams.get('client_id')).toBe(provider)
    expect(url.searchParams.get('scope')).toBe(scope)
    expect(url.searchParams.get('redirect_uri')).toBe(`${FRAME}${CALLBACK_PATH}`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
  })

  it('asks Apple for a form_post answer, and the POST callback becomes the GET callback', async () => {
    const { uri } = await social.redirectUri('apple', ctx)
    expect(new URL(uri).searchParams.get('response_mode')).toBe('form_post')
    const callback = new URL(await signInAtIdp(uri, user, atCallback))
    const app = Fastify()
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    await social.registerRoutes?.(app)
    const posted = await app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${callback.searchParams}&user=${encodeURIComponent('{"name":{"firstName":"E"}}')}`,
    })
    await app.close()
    expect(posted.statusCode).toBe(303)
    const location = new URL(String(posted.headers.location), FRAME)
    expect(location.searchParams.get('user')).toBeNull()
    expect((await social.connect(location.href, ctx)).subject).toBe(subjectFor('apple', user.email))
  })

  it('refuses an unknown provider', async () => {
    await expect(social.redirectUri('myspace', ctx)).rejects.toThrow(SOCIAL_ERRORS.unknownProvider)
    await expect(social.redirectUri('__proto__', ctx)).rejects.toThrow(SOCIAL_ERRORS.unknownProvider)
  })

  it('refuses a replayed callback (the code and its state are single use)', async () => {
    const callback = await callbackFor('google')
    await social.connect(callback, ctx)
    await expect(social.connect(callback, ctx)).rejects.toThrow(SOCIAL_ERRORS.expired)
  })

  it("refuses another frame's callback without spending it, and a wrong state", async () => {
    const callback = await callbackFor('discord')
    await expect(social.connect(callback, otherFrame)).rejects.toThrow(SOCIAL_ERRORS.expired)
    await expect(social.connect(callback, { ...ctx, parentOrigin: 'http://evil.example' })).rejects.toThrow(
      SOCIAL_ERRORS.expired,
    )
    const tampered = new URL(callback)
    tampered.searchParams.set('state', 'not-a-state-we-issued')
    await expect(social.connect(tampered.href, ctx)).rejects.toThrow(SOCIAL_ERRORS.expired)
    expect((await social.connect(callback, ctx)).provider).toBe('discord')
  })

  it('refuses a callback address off the frame origin or path (no open redirect)', async () => {
    const callback = new URL(await callbackFor('x'))
    const query = callback.search
    for (const uri of [
      `https://evil.example${CALLBACK_PATH}${query}`,
      `http://localhost:5555${CALLBACK_PATH}${query}`,
      `${FRAME}/social/other${query}`,
      `http://user:pw@localhost:4999${CALLBACK_PATH}${query}`,
      `javascript:alert(1)//${query}`,
      'not a url',
    ]) {
      await expect(social.connect(uri, ctx)).rejects.toThrow(SOCIAL_ERRORS.invalidResult)
    }
    // None of these spent the login.
    expect((await social.connect(callback.href, ctx)).provider).toBe('x')
  })

  it.each(['google', 'github', 'discord', 'x'])('%s: reports a cancelled sign-in', async (provider) => {
    const { uri } = await social.redirectUri(provider, ctx)
    const browser = new TestBrowser()
    const page = await browser.follow(uri, atCallback)
    const html = (await page.response?.text()) ?? ''
    const action = /action="(\/[^"]+(?:\/abort|\/dev\/cancel))"/.exec(html)?.[1] ?? ''
    const request = /name="request" value="([^"]+)"/.exec(html)?.[1]
    const done = await browser.follow(new URL(action, idp.url).href, atCallback, {
      form: request ? { request } : {},
    })
    await expect(social.connect(done.url, ctx)).rejects.toThrow(SOCIAL_ERRORS.cancelled)
  })

  it('serves the callback page: posts to the bound app origin only, expired states get no script', async () => {
    const app = Fastify()
    await social.registerRoutes?.(app)
    const callback = new URL(await callbackFor('facebook'))
    const page = await app.inject({
      method: 'GET',
      url: `${CALLBACK_PATH}${callback.search}&target=https://evil.example`,
    })
    expect(page.statusCode).toBe(200)
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1]
    expect(nonce).toBeTruthy()
    expect(page.body).toContain(`<script nonce="${nonce}">const target="http://localhost:5555";`)
    expect(page.body).not.toContain('evil.example')
    expect(page.body).toContain('@portico/frame/SOCIAL_CALLBACK')
    const expired = await app.inject({ method: 'GET', url: `${CALLBACK_PATH}?state=unknown&code=x` })
    expect(expired.statusCode).toBe(400)
    expect(expired.body).not.toContain('<script')
    await app.close()
  })
})
