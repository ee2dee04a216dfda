/** A hostile relay: its completed channels carry messages signed by the wrong key, for another site, etc. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialContext } from '../socialSeam.ts'
import { createSocialLogin, FARCASTER_ERRORS, type SocialLogin } from './index.ts'

/** The login's farcaster part (configured here: every login of this file has a relay). */
function farcasterOf(login: SocialLogin) {
  if (!login.farcaster) throw new Error('no farcaster relay configured')
  return login.farcaster
}

const FRAME = 'http://localhost:4999'
const ctx: SocialContext = {
  projectId: 'p1',
  parentOrigin: 'http://localhost:5555',
  deviceHash: 'device-1',
  frameOrigin: FRAME,
}
const custody = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const FID = 7

interface Channel {
  domain: string
  siweUri: string
  nonce: string
}
type Answer = (channel: Channel) => Promise<Record<string, unknown>>
let answer: Answer
let server: Server
let relayUrl: string
let channel: Channel | undefined

const message = (channel: Channel, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    domain: channel.domain,
    address: custody.address,
    statement: 'Farcaster Auth',
    uri: channel.siweUri,
    version: '1',
    chainId: 10,
    nonce: channel.nonce,
    issuedAt: new Date(),
    resources: [`farcaster://fid/${FID}`],
    ...overrides,
  })
const signed = async (text: string, by = custody, fid: unknown = FID) => ({
  state: 'completed',
  message: text,
  signature: await by.signMessage({ message: text }),
  fid,
  username: 'carol',
})

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      if (req.url === '/farcaster/v1/channel' && req.method === 'POST') {
        channel = JSON.parse(Buffer.concat(chunks).toString()) as Channel
        return json(201, {
          channelToken: '11111111-2222-3333-4444-555555555555',
          url: `${relayUrl}/approve`,
          nonce: channel.nonce,
        })
      }
      if (req.url === '/farcaster/v1/channel/status' && channel) return json(200, await answer(channel))
      if (req.url === `/farcaster/v1/fid/${FID}`)
        return json(200, { fid: FID, custody: custody.address, username: 'carol' })
      json(404, {})
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  relayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server?.close(resolve)))

async function attempt(make: Answer) {
  const social = createSocialLogin({ idpUrl: relayUrl, farcasterPollMs: 10 })
  await farcasterOf(social).farcasterUri(ctx)
  answer = make
  return farcasterOf(social).connectFarcaster(ctx)
}

describe('farcaster login refuses relay answers it cannot verify', () => {
  it('accepts a message signed by the custody key (control)', async () => {
    expect(await attempt((c) => signed(message(c)))).toEqual({
      provider: 'farcaster',
      subject: String(FID),
      userName: 'carol',
    })
  })

  const cases: [string, Answer][] = [
    ['a signature by another key than the message address', (c) => signed(message(c), stranger)],
    [
      'a self-signed message whose address is not the custody address',
      (c) => signed(message(c, { address: stranger.address }), stranger),
    ],
    ['another site (domain)', (c) => signed(message(c, { domain: 'evil.example' }))],
    ['another URI', (c) => signed(message(c, { uri: 'https://evil.example/' }))],
    ['another nonce (a replayed sign-in)', (c) => signed(message(c, { nonce: 'replayed0nonce1' }))],
    ['an expired message', (c) => signed(message(c, { expirationTime: new Date(Date.now() - 60_000) }))],
    ['a message not yet valid', (c) => signed(message(c, { notBefore: new Date(Date.now() + 3_600_000) }))],
    ['another chain', (c) => signed(message(c, { chainId: 1 }))],
    ['a resource for another fid', (c) => signed(message(c, { resources: ['farcaster://fid/8'] }))],
    ['an fid that is not what the message names', (c) => signed(message(c), custody, 8)],
    ['an fid that is not a number', (c) => signed(message(c), custody, '7')],
    ['a malformed signature', async (c) => ({ ...(await signed(message(c))), signature: '0x1234' })],
    ['a message that is not SIWE', async () => signed('hello')],
    ['a huge message', async (c) => signed(`${message(c)}${'x'.repeat(5000)}`)],
  ]
  it.each(cases)('refuses %s', async (_name, make) => {
    await expect(attempt(make)).rejects.toThrow(FARCASTER_ERRORS.unverified)
  })

  it('refuses to connect with no QR code issued to this frame', async () => {
    const social = createSocialLogin({ idpUrl: relayUrl })
    await expect(farcasterOf(social).connectFarcaster(ctx)).rejects.toThrow(FARCASTER_ERRORS.noLogin)
  })
})
