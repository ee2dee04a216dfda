import { createHash, randomBytes } from 'node:crypto'
import { exportPKCS8, generateKeyPair, importPKCS8, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAtIdp } from '../test/testing.ts'
import { APPLE_AUDIENCE } from './appleSecret.ts'
import { devAppleKey } from './devAppleKey.ts'
import { devClientSecret } from './providers.ts'
import { type Idp, startIdp } from './server.ts'

const CALLBACK = 'http://localhost:4999/social/callback'
const key = devAppleKey()
let idp: Idp

beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [CALLBACK] })
})
afterAll(() => idp?.close())

interface Secret {
  kid?: string
  iss?: string
  sub?: string
  aud?: string
  iat?: number
  exp?: number | undefined
  pem?: string
}

const nowS = () => Math.floor(Date.now() / 1000)

async function secret(overrides: Secret = {}): Promise<string> {
  const claims = { iss: key.teamId, sub: 'apple', aud: APPLE_AUDIENCE, iat: nowS(), exp: nowS() + 3600 }
  const { kid = key.keyId, pem = key.privateKey, ...rest } = overrides
  const payload = { ...claims, ...rest }
  if ('exp' in overrides && overrides.exp === undefined) delete (payload as { exp?: number }).exp
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid }).sign(await importPKCS8(pem, 'ES256'))
}

/** An apple authorization code for the callback, with its PKCE verifier. */
async function appleCode(): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url')
  const auth = new URL('/auth', idp.url)
  for (const [name, value] of Object.entries({
    client_id: 'apple',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
  }))
    auth.searchParams.set(name, value)
  const callback = await signInAtIdp(
    auth.href,
    { email: 'mallory@portico.dev', username: 'mallory' },
    (url) => url.href.startsWith(CALLBACK),
  )
  const code = new URL(callback).searchParams.get('code')
  if (!code) throw new Error(`no code at ${callback}`)
  return { code, verifier }
}

function exchange(login: { code: string; verifier: string }, clientSecret: string) {
  return fetch(new URL('/token', idp.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: login.code,
      redirect_uri: CALLBACK,
      code_verifier: login.verifier,
      client_id: 'apple',
      client_secret: clientSecret,
    }),
  })
}

const otherKey = async () => exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey)

const BAD_SECRETS: [string, () => Promise<string>][] = [
  ['a plain shared string (the dev secret of the other clients)', async () => devClientSecret('apple')],
  ['a JWT signed by another key', async () => secret({ pem: await otherKey() })],
  ['a JWT naming another key id', () => secret({ kid: 'ABCDEF1234' })],
  ['a JWT from another team', () => secret({ iss: 'OTHERTEAM1' })],
  ['a JWT for another client', () => secret({ sub: 'google' })],
  ['a JWT for another audience', () => secret({ aud: 'https://appleid.apple.com/auth/token' })],
  ['an expired JWT', () => secret({ iat: nowS() - 7200, exp: nowS() - 3600 })],
  ['a JWT valid for more than six months', () => secret({ exp: nowS() + 15_777_001 })],
  ['a JWT without exp', () => secret({ exp: undefined })],
  [
    'an unsigned JWT (alg none)',
    async () => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const claims = { iss: key.teamId, sub: 'apple', aud: APPLE_AUDIENCE, iat: nowS(), exp: nowS() + 3600 }
      return `${part({ alg: 'none', kid: key.keyId })}.${part(claims)}.`
    },
  ],
]

describe("the IdP's apple client authenticates like Sign in with Apple", () => {
  it.each(BAD_SECRETS)('refuses %s with HTTP 400 {"error":"invalid_client"}', async (_name, make) => {
    const login = await appleCode()
    const answer = await exchange(login, await make())
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ error: 'invalid_client' })
    // The refusal did not spend the code: the registered key's secret still exchanges it.
    expect((await exchange(login, await secret())).status).toBe(200)
  })

  it('exchanges the code for a secret signed by the registered dev Apple key', async () => {
    const answer = await exchange(await appleCode(), await secret())
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ token_type: 'Bearer', id_token: expect.any(String) })
  })

  it('leaves the other OpenID clients on their shared secret', async () => {
    const token = (clientSecret: string) =>
      fetch(new URL('/token', idp.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: CALLBACK,
          code_verifier: 'x'.repeat(43),
          client_id: 'google',
          client_secret: clientSecret,
        }),
      })
    // Authenticated, then the made-up code is refused.
    expect((await (await token(devClientSecret('google'))).json()).error).toBe('invalid_grant')
    expect((await (await token(await secret({ sub: 'google' }))).json()).error).toBe('invalid_client')
  })
})
