import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import { formatSiwxMessage } from '../src/siwx/message.ts'
import { PROJECT, postJson } from './helpers.ts'
import { fetchNonce, fieldsFor, signedMessage, startSiwxApi, verify } from './siwxHelpers.ts'

let api: ApiServer
let close: () => Promise<void>

beforeAll(async () => {
  ;({ api, close } = await startSiwxApi())
})
afterAll(() => close?.())

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()

describe('POST /v1/siwx/verify under attack', () => {
  it('refuses a replayed message: its nonce was used up by the first verification', async () => {
    const signed = await signedMessage(api)
    expect((await verify(api, signed)).status).toBe(200)
    const replay = await verify(api, signed)
    expect(replay.status).toBe(401)
    expect(replay.body.message).toMatch(/Nonce unknown or already used/)
  })

  it('refuses a nonce it never issued, and one issued to another project', async () => {
    const forged = await signedMessage(api, { nonce: 'deadbeefdeadbeefdeadbeefdeadbeef' })
    expect((await verify(api, forged)).body.message).toMatch(/Nonce unknown/)
    const account = privateKeyToAccount(generatePrivateKey())
    const message = formatSiwxMessage(fieldsFor(account.address, await fetchNonce(api, 'other-project')))
    const res = await verify(api, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Nonce was issued to another project')
  })

  it('refuses an expired message, one not valid yet, and one issued in the future', async () => {
    const expired = await verify(
      api,
      await signedMessage(api, { issuedAt: iso(-120_000), expirationTime: iso(-60_000) }),
    )
    expect(expired.status).toBe(401)
    expect(expired.body.message).toMatch(/expired/)
    const early = await verify(api, await signedMessage(api, { notBefore: iso(3_600_000) }))
    expect(early.status).toBe(401)
    expect(early.body.message).toMatch(/not valid yet/)
    const future = await verify(api, await signedMessage(api, { issuedAt: iso(3_600_000) }))
    expect(future.body.message).toMatch(/Issued At is in the future/)
    const stale = await verify(api, await signedMessage(api, { issuedAt: iso(-86_400_000) }))
    expect(stale.body.message).toMatch(/too old/)
  })

  it('refuses a message for another domain, a domain that is not the URI host, or a foreign scheme', async () => {
    const phishing = await verify(
      api,
      await signedMessage(api, { domain: 'evil.example', uri: 'https://evil.example/' }),
    )
    expect(phishing.status).toBe(403)
    expect(phishing.body.message).toMatch(/origin https:\/\/evil.example is not allowed/)
    const mismatch = await verify(api, await signedMessage(api, { domain: 'evil.example' }))
    expect(mismatch.status).toBe(403)
    expect(mismatch.body.message).toMatch(/does not match the URI's host/)
    const scheme = await verify(api, await signedMessage(api, { scheme: 'https' }))
    expect(scheme.body.message).toMatch(/scheme https does not match/)
  })

  it('refuses a signature by another address than the message names', async () => {
    const victim = privateKeyToAccount(generatePrivateKey())
    const attacker = privateKeyToAccount(generatePrivateKey())
    const message = formatSiwxMessage(fieldsFor(victim.address, await fetchNonce(api)))
    const res = await verify(api, { message, signature: await attacker.signMessage({ message }) })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(`Signature does not match ${victim.address}`)
    expect((await verify(api, { message, signature: 'not hex' })).status).toBe(401)
  })

  it('refuses a signature over a different message (a field changed after signing)', async () => {
    const { message, signature } = await signedMessage(api)
    const tampered = message.replace('Chain ID: 31337', 'Chain ID: 1')
    const res = await verify(api, { message: tampered, signature })
    expect(res.status).toBe(401)
  })

  it('refuses an oversized message before parsing it, and a body without fields', async () => {
    const big = await signedMessage(api, {
      statement: 'x'.repeat(1000),
      resources: Array.from({ length: 30 }, (_, i) => `https://example.com/${'r'.repeat(100)}${i}`),
    })
    const res = await verify(api, big)
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('message is longer than 4096 bytes')
    expect((await verify(api, { message: 'x'.repeat(70_000), signature: '0x00' })).status).toBe(400)
    expect((await verify(api, { message: 42 })).status).toBe(400)
    expect((await verify(api, null)).status).toBe(400)
  })

  it('refuses an unsupported chain and a malformed message with the reason', async () => {
    const chain = await verify(api, await signedMessage(api, { chainId: '999999' }))
    expect(chain.status).toBe(400)
    expect(chain.body.message).toBe('Chain ID eip155:999999 is not supported')
    const garbage = await verify(api, { message: 'Sign here please', signature: '0x00' })
    expect(garbage.status).toBe(400)
    expect(garbage.body.message).toMatch(/^Invalid sign-in message: /)
  })
})

describe('POST /v1/siwx/session under attack', () => {
  const session = (token: unknown, project = PROJECT) =>
    postJson<{ message?: string }>(`${api.url}/v1/siwx/session?projectId=${project}`, { token })

  it('refuses a tampered token, a token of another project and junk', async () => {
    const res = await verify(api, await signedMessage(api))
    const token = String(res.body.token)
    expect((await session(token)).status).toBe(200)
    const [body = '', mac = ''] = token.split('.')
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp: number }
    const extended = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 * 365 })).toString(
      'base64url',
    )
    expect((await session(`${extended}.${mac}`)).status).toBe(401)
    expect((await session(token, 'other-project')).status).toBe(401)
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(3000)])
      expect((await session(junk)).status).not.toBe(200)
  })
})
