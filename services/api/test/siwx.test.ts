import { generateKeyPairSync, sign } from 'node:crypto'
import { SiweMessage } from 'siwe'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import { formatSiwxMessage } from '../src/siwx/message.ts'
import { base58Encode } from './base58.ts'
import { getJson, PROJECT, postJson } from './helpers.ts'
import { fetchNonce, fieldsFor, ORIGIN, signedMessage, startSiwxApi, verify } from './siwxHelpers.ts'

let api: ApiServer
let close: () => Promise<void>

beforeAll(async () => {
  ;({ api, close } = await startSiwxApi())
})
afterAll(() => close?.())

describe('GET /v1/siwx/nonce', () => {
  it('issues a different signed nonce each time (96 random bits, HMAC-signed), with its expiry', async () => {
    const a = await getJson<{ nonce: string; expiresAt: string }>(
      `${api.url}/v1/siwx/nonce?projectId=${PROJECT}`,
    )
    const b = await fetchNonce(api)
    expect(a.status).toBe(200)
    expect(a.body.nonce).toMatch(/^01[0-9a-f]{96}$/)
    expect(b).not.toBe(a.body.nonce)
    const ttl = Date.parse(a.body.expiresAt) - Date.now()
    expect(ttl).toBeGreaterThan(200_000)
    expect(ttl).toBeLessThanOrEqual(300_000)
  })

  it('needs a known project', async () => {
    expect((await getJson(`${api.url}/v1/siwx/nonce`)).status).toBe(400)
    expect((await getJson(`${api.url}/v1/siwx/nonce?projectId=nope`)).status).toBe(403)
  })
})

describe('POST /v1/siwx/verify', () => {
  it('verifies an EOA-signed EIP-4361 message and returns the session (siwe agrees with the signature)', async () => {
    const { account, message, signature } = await signedMessage(api)
    await new SiweMessage(message).verify({ signature }) // the reference implementation accepts it too
    const res = await verify(api, { message, signature })
    expect(res.status).toBe(200)
    const body = res.body as {
      caipAddress: string
      session: { data: Record<string, unknown>; message: string; signature: string }
      token: string
      expiresAt: string
    }
    expect(body.caipAddress).toBe(`eip155:31337:${account.address}`)
    expect(body.session.message).toBe(message)
    expect(body.session.signature).toBe(signature)
    expect(body.session.data).toMatchObject({
      accountAddress: account.address,
      domain: 'localhost:5173',
      chainId: '31337',
      version: '1',
    })
    // Session ends at the message's Expiration Time (1 hour).
    expect(
      Math.abs(Date.parse(body.expiresAt) - Date.parse(String(body.session.data.expirationTime))),
    ).toBeLessThan(1000)
    const session = await postJson<{ caipAddress: string }>(
      `${api.url}/v1/siwx/session?projectId=${PROJECT}`,
      { token: body.token },
    )
    expect(session.status).toBe(200)
    expect(session.body.caipAddress).toBe(body.caipAddress)
  })

  it('verifies a message formatted by siwe itself', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const fields = fieldsFor(account.address, await fetchNonce(api))
    const message = new SiweMessage({ ...fields, address: account.address, chainId: 31337 }).prepareMessage()
    const res = await verify(api, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(200)
  })

  it('caps a session without Expiration Time at 7 days', async () => {
    const { message, signature } = await signedMessage(api, { expirationTime: undefined })
    const res = await verify(api, { message, signature })
    expect(res.status).toBe(200)
    const days = (Date.parse(String(res.body.expiresAt)) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
  })

  it('verifies a CAIP-122 Solana message signed with ed25519', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url')
    const address = base58Encode(raw)
    const message = formatSiwxMessage({
      ...fieldsFor(address, await fetchNonce(api)),
      namespace: 'solana',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    const signature = base58Encode(sign(null, Buffer.from(message), privateKey))
    const res = await verify(api, { message, signature })
    expect(res.status).toBe(200)
    expect(res.body.caipAddress).toBe(`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${address}`)
    // A flipped byte fails.
    const other = await fetchNonce(api)
    const forged = formatSiwxMessage({
      ...fieldsFor(address, other),
      namespace: 'solana',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    expect((await verify(api, { message: forged, signature })).status).toBe(401)
  })

  it('accepts a network beyond the supported list only when configured (siwx.extraChains)', async () => {
    const refused = await verify(api, await signedMessage(api, { chainId: '424242' }))
    expect(refused.body.message).toBe('Chain ID eip155:424242 is not supported')
    const { api: extra, close: closeExtra } = await startSiwxApi({
      siwx: { extraChains: ['eip155:424242'] },
    })
    try {
      expect((await verify(extra, await signedMessage(extra, { chainId: '424242' }))).status).toBe(200)
    } finally {
      await closeExtra()
    }
  })

  it('allows only the configured origins of a project', async () => {
    const { api: strict, close: closeStrict } = await startSiwxApi({
      siwx: { origins: { [PROJECT]: ['https://app.example.com'] }, defaultOrigins: [] },
    })
    try {
      const ok = await signedMessage(strict, {
        domain: 'app.example.com',
        uri: 'https://app.example.com/login',
      })
      expect((await verify(strict, ok)).status).toBe(200)
      const local = await signedMessage(strict)
      const refused = await verify(strict, local)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe(`URI origin ${ORIGIN} is not allowed for project "${PROJECT}"`)
    } finally {
      await closeStrict()
    }
  })
})
