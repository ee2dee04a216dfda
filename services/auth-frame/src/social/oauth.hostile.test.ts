/** A hostile IdP: its token endpoint answers ID tokens forged, for another client, replayed or expired. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialContext } from '../socialSeam.ts'
import { CALLBACK_PATH, createSocialLogin, SOCIAL_ERRORS } from './index.ts'

const FRAME = 'http://localhost:4999'
const ctx: SocialContext = {
  projectId: 'p1',
  parentOrigin: 'http://localhost:5555',
  deviceHash: 'device-1',
  frameOrigin: FRAME,
}
type Claims = Record<string, unknown>
let server: Server
let issuer: string
let idToken: (nonce: string) => Promise<string>
let keys: { good: CryptoKey; forged: CryptoKey; kid: string }
let tokenRequests = 0

const sign = (claims: Claims, key = keys.good, alg = 'RS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, kid: keys.kid }).sign(key)
const base = (nonce: string): Claims => {
  const now = Math.floor(Date.now() / 1000)
  return {
    iss: issuer,
    aud: 'google',
    sub: 'user-1',
    nonce,
    iat: now,
    exp: now + 300,
    email: 'a@b.co',
    email_verified: true,
  }
}

beforeAll(async () => {
  const good = await generateKeyPair('RS256', { extractable: true })
  const forged = await generateKeyPair('RS256')
  keys = { good: good.privateKey, forged: forged.privateKey, kid: 'k1' }
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  server = createServer((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      })
    }
    if (req.url === '/jwks') return json({ keys: [jwk] })
    if (req.url === '/token') {
      tokenRequests++
      req.resume()
      req.on('end', async () => {
        json({
          access_token: 'at',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(currentNonce),
        })
      })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server?.close(resolve)))

let currentNonce = ''
async function attempt(make: (nonce: string) => Promise<string>, provider = 'google') {
  const social = createSocialLogin({ idpUrl: issuer })
  const { uri } = await social.redirectUri(provider, ctx)
  const params = new URL(uri).searchParams
  currentNonce = params.get('nonce') ?? ''
  idToken = make
  return social.connect(`${FRAME}${CALLBACK_PATH}?code=c1&state=${params.get('state')}`, ctx)
}

describe('social login refuses ID tokens it cannot trust', () => {
  it('accepts a well-formed token (control: the hostile IdP is otherwise valid)', async () => {
    expect(await attempt((nonce) => sign(base(nonce)))).toEqual({
      provider: 'google',
      subject: 'user-1',
      email: 'a@b.co',
    })
  })

  const cases: [string, (nonce: string) => Promise<string>][] = [
    ['a forged signature (a key not in the JWKS, same kid)', (nonce) => sign(base(nonce), keys.forged)],
    ['a token for another client (audience)', (nonce) => sign({ ...base(nonce), aud: 'github' })],
    [
      'a token for several audiences without us as azp',
      (nonce) => sign({ ...base(nonce), aud: ['github', 'google'], azp: 'github' }),
    ],
    ['another login’s nonce (a replayed token)', () => sign(base('some-other-nonce'))],
    ['an expired token', (nonce) => sign({ ...base(nonce), exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['another issuer', (nonce) => sign({ ...base(nonce), iss: 'https://evil.example' })],
    ['no subject', (nonce) => sign({ ...base(nonce), sub: undefined })],
    [
      'an unsigned token (alg none)',
      async (nonce) =>
        `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(base(nonce))).toString('base64url')}.`,
    ],
  ]
  it.each(cases)('refuses %s', async (_name, make) => {
    const before = tokenRequests
    await expect(attempt(make)).rejects.toThrow(SOCIAL_ERRORS.unverified)
    expect(tokenRequests).toBe(before + 1)
  })

  it('drops an unverified email and an oversized or control-character username', async () => {
    const identity = await attempt((nonce) =>
      sign({
        ...base(nonce),
        email_verified: false,
        preferred_username: 'x'.repeat(65),
        name: 'bad\u0007name',
      }),
    )
    expect(identity).toEqual({ provider: 'google', subject: 'user-1' })
  })

  it('drops an email and names holding bidi controls or invisible characters (U+202E never reaches the app)', async () => {
    const identity = await attempt((nonce) =>
      sign({
        ...base(nonce),
        email: 'alice\u202egro.live@example.com',
        preferred_username: 'admin\u200b',
        name: 'Support \u2067Team\u2069',
      }),
    )
    expect(identity).toEqual({ provider: 'google', subject: 'user-1' })
    expect(JSON.stringify(identity)).not.toMatch(/\p{Cf}/u)
  })

  it('Facebook (named endpoints, no discovery) checks the ID token the same way', async () => {
    const facebook = (nonce: string): Claims => ({ ...base(nonce), aud: 'facebook' })
    expect(await attempt((nonce) => sign(facebook(nonce)), 'facebook')).toMatchObject({ subject: 'user-1' })
    for (const make of [
      (nonce: string) => sign(facebook(nonce), keys.forged),
      () => sign(facebook('some-other-nonce')),
      (nonce: string) => sign(base(nonce)),
    ]) {
      await expect(attempt(make, 'facebook')).rejects.toThrow(SOCIAL_ERRORS.unverified)
    }
  })
})
