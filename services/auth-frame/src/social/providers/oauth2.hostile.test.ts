/**
 * Hostile GitHub, Discord and X: a fake provider whose token endpoint and user API answer what each
 * test says, driven through the real adapters (createSocialLogin with a config pointing at it).
 */
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SocialContext } from '../../socialSeam.ts'
import type { SocialConfig } from '../config.ts'
import { CALLBACK_PATH, createSocialLogin, SOCIAL_ERRORS } from '../index.ts'

const FRAME = 'http://localhost:4999'
const ctx: SocialContext = {
  projectId: 'p1',
  parentOrigin: 'http://localhost:5555',
  deviceHash: 'device-1',
  frameOrigin: FRAME,
}
type Reply = { status?: number; body: unknown; raw?: string }
let server: Server
let base: string
let token: Reply
let user: Record<string, Reply>
let tokenRequest: { body: URLSearchParams; authorization: string | undefined } | undefined

beforeEach(() => {
  token = { body: { access_token: 'at-1', token_type: 'bearer', scope: 'read:user,user:email' } }
  user = {
    '/github/user': { body: { id: 42, login: 'octo', name: 'Octo Cat' } },
    '/github/user/emails': { body: [{ email: 'octo@example.com', primary: true, verified: true }] },
    '/discord/users/@me': {
      body: { id: '80351110224678912', username: 'nelly', email: 'nelly@example.com', verified: true },
    },
    '/x/users/me': { body: { data: { id: '2244994945', name: 'X Dev', username: 'xdev' } } },
  }
  tokenRequest = undefined
})

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (reply: Reply) => {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
      res.end(reply.raw ?? JSON.stringify(reply.body))
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (req.method === 'POST' && path.endsWith('/token')) {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        tokenRequest = { body: new URLSearchParams(body), authorization: req.headers.authorization }
        send(token)
      })
      return
    }
    if (req.headers.authorization !== 'Bearer at-1')
      return send({ status: 401, body: { message: 'Bad credentials' } })
    const reply = user[path]
    if (reply?.raw === 'hang') return // a provider that never answers
    return reply ? send(reply) : send({ status: 404, body: {} })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server?.close(resolve)))

function config(): SocialConfig {
  const oauth2 = (id: string, extra = {}) => ({
    clientId: `${id}-client`,
    clientSecret: `${id}-secret`,
    scopes: ['s1'],
    authorizationEndpoint: `${base}/${id}/authorize`,
    tokenEndpoint: `${base}/${id}/token`,
    ...extra,
  })
  return {
    providers: {
      github: oauth2('github', {
        userEndpoint: `${base}/github/user`,
        emailsEndpoint: `${base}/github/user/emails`,
      }),
      discord: oauth2('discord', { userEndpoint: `${base}/discord/users/@me` }),
      x: oauth2('x', { userEndpoint: `${base}/x/users/me` }),
    },
  }
}

/** Starts a login and comes back with a code (as the provider would), returning the identity. */
async function attempt(provider: string, tamper?: (callback: URL) => void, timeoutMs?: number) {
  const social = createSocialLogin({ config: config(), ...(timeoutMs ? { timeoutMs } : {}) })
  const authorization = new URL((await social.redirectUri(provider, ctx)).uri)
  const callback = new URL(`${FRAME}${CALLBACK_PATH}`)
  callback.searchParams.set('code', 'code-1')
  callback.searchParams.set('state', authorization.searchParams.get('state') ?? '')
  tamper?.(callback)
  return { identity: await social.connect(callback.href, ctx), authorization }
}

describe('GitHub, Discord and X through hostile providers', () => {
  it('accepts well-formed answers (control)', async () => {
    expect((await attempt('github')).identity).toEqual({
      provider: 'github',
      subject: '42',
      email: 'octo@example.com',
      userName: 'octo',
    })
    expect((await attempt('discord')).identity).toEqual({
      provider: 'discord',
      subject: '80351110224678912',
      email: 'nelly@example.com',
      userName: 'nelly',
    })
    expect((await attempt('x')).identity).toEqual({ provider: 'x', subject: '2244994945', userName: 'xdev' })
  })

  it('GitHub: no email unless the primary address is verified (a verified secondary is not the user’s address)', async () => {
    user['/github/user/emails'] = {
      body: [
        { email: 'victim@example.com', primary: true, verified: false },
        { email: 'other@example.com', primary: false, verified: true },
      ],
    }
    user['/github/user'] = { body: { id: 42, login: 'octo', email: 'victim@example.com' } }
    expect((await attempt('github')).identity).toEqual({
      provider: 'github',
      subject: '42',
      userName: 'octo',
    })
  })

  it('Discord: no email when `verified` is not true', async () => {
    for (const verified of [false, 'true', undefined]) {
      user['/discord/users/@me'] = {
        body: { id: '80351110224678912', username: 'nelly', email: 'victim@example.com', verified },
      }
      expect((await attempt('discord')).identity.email).toBeUndefined()
    }
  })

  it('sends the PKCE verifier of this login, and X its client credentials with HTTP Basic', async () => {
    const { authorization } = await attempt('x')
    const verifier = tokenRequest?.body.get('code_verifier') ?? ''
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorization.searchParams.get('code_challenge'),
    )
    expect(tokenRequest?.authorization).toBe(`Basic ${Buffer.from('x-client:x-secret').toString('base64')}`)
    expect(tokenRequest?.body.get('client_secret')).toBeNull()
    await attempt('github')
    expect(tokenRequest?.body.get('client_secret')).toBe('github-secret')
  })

  const refused: [string, string, () => void][] = [
    [
      'a GitHub token error answered with status 200',
      'github',
      () => {
        token = { body: { error: 'bad_verification_code', error_description: 'The code is incorrect' } }
      },
    ],
    [
      'a token that is not a bearer token',
      'discord',
      () => {
        token = { body: { access_token: 'at-1', token_type: 'mac' } }
      },
    ],
    [
      'a user without an id',
      'github',
      () => {
        user['/github/user'] = { body: { login: 'octo' } }
      },
    ],
    [
      'an id that is not a number',
      'discord',
      () => {
        user['/discord/users/@me'] = { body: { id: '../admin', username: 'nelly' } }
      },
    ],
    [
      'a fractional or negative GitHub id',
      'github',
      () => {
        user['/github/user'] = { body: { id: -1.5, login: 'octo' } }
      },
    ],
    [
      'an X answer without `data`',
      'x',
      () => {
        user['/x/users/me'] = { body: { id: '2244994945', username: 'xdev' } }
      },
    ],
    [
      'a user API error',
      'x',
      () => {
        user['/x/users/me'] = { status: 500, body: { title: 'oops' } }
      },
    ],
    [
      'a user API answer that is not JSON',
      'github',
      () => {
        user['/github/user'] = { body: null, raw: '<html>' }
      },
    ],
    [
      'a user API answer past the size bound',
      'discord',
      () => {
        user['/discord/users/@me'] = {
          body: null,
          raw: JSON.stringify({ id: '1', username: 'n', pad: 'x'.repeat(200_000) }),
        }
      },
    ],
  ]
  it.each(refused)('refuses %s', async (_name, provider, set) => {
    set()
    await expect(attempt(provider)).rejects.toThrow(SOCIAL_ERRORS.unverified)
  })

  it('drops names that hold bidi or invisible characters', async () => {
    user['/x/users/me'] = {
      body: { data: { id: '2244994945', name: 'Sup\u202Eport', username: 'x\u200bdev' } },
    }
    expect((await attempt('x')).identity).toEqual({ provider: 'x', subject: '2244994945' })
  })

  it('refuses a callback whose state is not this login’s, before any token request', async () => {
    await expect(
      attempt('github', (callback) => callback.searchParams.set('state', 'forged')),
    ).rejects.toThrow(SOCIAL_ERRORS.expired)
    expect(tokenRequest).toBeUndefined()
  })

  it('gives up on the whole login at the deadline (behaviour §9), however many calls the provider needs', async () => {
    user['/github/user/emails'] = { body: null, raw: 'hang' }
    const started = Date.now()
    await expect(attempt('github', undefined, 400)).rejects.toThrow(SOCIAL_ERRORS.unavailable)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
