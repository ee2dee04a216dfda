import { importPKCS8, SignJWT } from 'jose'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APPLE_AUDIENCE,
  devAppleKey,
  devClientSecret,
  type Idp,
  OIDC_MODE_PROVIDERS,
  startIdp,
  subjectFor,
} from '../src/index.ts'
import { TestBrowser } from './testing.ts'

const CALLBACK = 'http://localhost:4999/social/callback'
let idp: Idp

beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [CALLBACK] })
})
afterAll(() => idp?.close())

/** Apple's client secret is a JWT signed with the dev Apple key (src/appleClient.hostile.test.ts refuses the rest). */
async function appleSecret() {
  const key = devAppleKey()
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject('apple')
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importPKCS8(key.privateKey, 'ES256'))
}

async function configFor(provider: string) {
  const secret =
    provider === 'apple'
      ? await appleSecret()
      : devClientSecret(provider as (typeof OIDC_MODE_PROVIDERS)[number])
  return client.discovery(new URL(idp.url), provider, secret, client.ClientSecretPost(secret), {
    execute: [client.allowInsecureRequests],
  })
}

async function startLogin(provider: string, extra: Record<string, string> = {}) {
  const config = await configFor(provider)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  return { config, verifier, state, nonce, url }
}

const atCallback = (url: URL) => url.href.startsWith(CALLBACK)

async function signIn(browser: TestBrowser, authUrl: URL, user: Record<string, string>) {
  const page = await browser.follow(authUrl.href, atCallback)
  expect(page.response?.status).toBe(200)
  const html = await page.response?.text()
  const action = /action="(\/interaction\/[^"]+\/login)"/.exec(html ?? '')?.[1]
  expect(action).toBeTruthy()
  return browser.follow(new URL(action ?? '', idp.url).href, atCallback, { form: user })
}

describe('local IdP: authorization code + PKCE per OpenID provider (Google, Apple, Facebook)', () => {
  it.each(
    OIDC_MODE_PROVIDERS,
  )('%s: the dev sign-in page completes the flow and the ID token carries email and username', async (provider) => {
    const login = await startLogin(provider)
    const browser = new TestBrowser()
    const done = await signIn(browser, login.url, {
      email: 'Carol@Portico.dev',
      username: `carol_${provider}`,
    })
    const tokens = await client.authorizationCodeGrant(login.config, new URL(done.url), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    })
    const claims = tokens.claims()
    expect(claims?.sub).toBe(subjectFor(provider, 'carol@portico.dev'))
    expect(claims?.aud).toBe(provider)
    expect(claims?.email).toBe('Carol@Portico.dev')
    expect(claims?.preferred_username).toBe(`carol_${provider}`)
    const header = JSON.parse(Buffer.from(tokens.id_token?.split('.')[0] ?? '', 'base64url').toString())
    expect(header.alg).toBe('RS256')
  })

  it('offers the dev users and shows the sign-in page on every authorization', async () => {
    const browser = new TestBrowser()
    for (let round = 0; round < 2; round++) {
      const login = await startLogin('google')
      const page = await browser.follow(login.url.href, atCallback)
      const html = (await page.response?.text()) ?? ''
      expect(html).toContain('Sign in with Google')
      expect(html).toContain('Continue as alice@portico.dev')
      const action = /action="(\/interaction\/[^"]+\/login)"/.exec(html)?.[1] ?? ''
      const done = await browser.follow(new URL(action, idp.url).href, atCallback, {
        form: { email: 'alice@portico.dev', username: 'alice_google' },
      })
      expect(new URL(done.url).searchParams.get('code')).toBeTruthy()
    }
  })

  it('refuses a request without PKCE', async () => {
    const login = await startLogin('google')
    login.url.searchParams.delete('code_challenge')
    login.url.searchParams.delete('code_challenge_method')
    const done = await new TestBrowser().follow(login.url.href, atCallback)
    const params = new URL(done.url).searchParams
    expect(params.get('error')).toBe('invalid_request')
    expect(params.get('code')).toBeNull()
  })

  it('refuses an unregistered redirect URI without redirecting to it', async () => {
    const login = await startLogin('google')
    login.url.searchParams.set('redirect_uri', 'https://evil.example/callback')
    const done = await new TestBrowser().follow(login.url.href, (url) => url.hostname === 'evil.example')
    expect(new URL(done.url).origin).toBe(idp.url)
    expect(await done.response?.text()).toContain('redirect_uri did not match')
    expect(done.response?.status).toBe(400)
  })

  it('refuses a replayed code and a code exchanged without the verifier', async () => {
    const login = await startLogin('facebook')
    const done = await signIn(new TestBrowser(), login.url, { email: 'dan@portico.dev', username: 'dan' })
    const checks = {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    }
    await client.authorizationCodeGrant(login.config, new URL(done.url), checks)
    await expect(
      client.authorizationCodeGrant(login.config, new URL(done.url), checks),
    ).rejects.toMatchObject({ error: 'invalid_grant' })

    const second = await startLogin('facebook')
    const other = await signIn(new TestBrowser(), second.url, { email: 'dan@portico.dev', username: 'dan' })
    await expect(
      client.authorizationCodeGrant(second.config, new URL(other.url), {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: second.state,
        expectedNonce: second.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('rejects an invalid typed user with a message and cancels with access_denied', async () => {
    const login = await startLogin('apple')
    const browser = new TestBrowser()
    const page = await browser.follow(login.url.href, atCallback)
    const html = (await page.response?.text()) ?? ''
    const action = /action="(\/interaction\/[^"]+\/login)"/.exec(html)?.[1] ?? ''
    const bad = await browser.request(new URL(action, idp.url).href, {
      form: { email: 'not-an-email', username: 'x' },
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Enter a valid email address')
    const abort = action.replace(/\/login$/, '/abort')
    const done = await browser.follow(new URL(abort, idp.url).href, atCallback, { form: {} })
    expect(new URL(done.url).searchParams.get('error')).toBe('access_denied')
  })
})
