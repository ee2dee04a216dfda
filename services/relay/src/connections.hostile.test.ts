/**
 * Token lifetime: a socket lives no longer than its JWT, and a JWT lives at most a day. Connection
 * log lines cannot be forged through the user agent or project id.
 */
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { clientOf, relayFor, topic } from '../test/testkit.ts'
import { audienceMatcher, verifyClientJwt } from './auth.ts'
import { connectRelayClient, type RelayConnectError } from './client.ts'

const DAY = 24 * 60 * 60
const TEN_YEARS = 10 * 365 * DAY

describe('token lifetime', () => {
  it('closes a socket when its JWT expires (1008 "JWT expired"); the client may reconnect with a new one', async () => {
    const relay = await relayFor()
    const keyPair = generateKeyPair()
    const c = await clientOf(relay, { keyPair, ttlSeconds: 3 })
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      c.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    expect(closed).toEqual({ code: 1008, reason: 'JWT expired' })
    expect(relay.stats().expiredSockets).toBe(1)
    const again = await clientOf(relay, { keyPair })
    expect(await again.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a 10-year token at upgrade', async () => {
    const relay = await relayFor()
    const error = await connectRelayClient(relay.url, { ttlSeconds: TEN_YEARS }).then(
      () => {
        throw new Error('was accepted')
      },
      (e: unknown) => e as RelayConnectError,
    )
    expect(error.refusal).toMatchObject({ status: 401 })
    expect(error.refusal.body).toContain(`JWT lifetime is longer than ${DAY} seconds`)
  })

  it('verifyClientJwt: a day is the most, judged on exp - iat and on exp - now', async () => {
    const keyPair = generateKeyPair()
    const now = Math.floor(Date.now() / 1000)
    const aud = 'ws://127.0.0.1:1'
    const ours = { acceptAudience: audienceMatcher('127.0.0.1:1') }
    // The SDK's own tokens: exactly one day.
    await expect(verifyClientJwt(await signJWT('s', aud, DAY, keyPair, now), ours)).resolves.toMatchObject({
      expiresAt: now + DAY,
    })
    await expect(verifyClientJwt(await signJWT('s', aud, DAY + 1, keyPair, now), ours)).rejects.toThrow(
      'JWT lifetime is longer than',
    )
    // Issued long ago with a far expiry, or claiming to be issued in the future.
    await expect(
      verifyClientJwt(await signJWT('s', aud, 2 * DAY, keyPair, now - DAY - 60), ours),
    ).rejects.toThrow('JWT lifetime')
    await expect(verifyClientJwt(await signJWT('s', aud, DAY, keyPair, now + 7 * DAY), ours)).rejects.toThrow(
      'JWT lifetime',
    )
    await expect(
      verifyClientJwt(await signJWT('s', aud, 3600, keyPair, now), { ...ours, maxLifetimeSeconds: 600 }),
    ).rejects.toThrow('JWT lifetime is longer than 600 seconds')
  })
})

describe('connection log lines', () => {
  it('writes client-supplied names into one log line each (no forged lines)', async () => {
    const lines: string[] = []
    const relay = await relayFor({ log: (l) => lines.push(l) })
    await clientOf(relay, { ua: 'wc-2\n[relay] forged line\r', projectId: 'p\u2028x' })
    const connected = lines.find((l) => l.includes(' connected '))
    expect(connected).toContain('ua=wc-2\\u000a[relay] forged line\\u000d')
    expect(connected).toContain('project=p\\u2028x')
    expect(lines.every((l) => !/[\n\r\u2028]/.test(l))).toBe(true)
  })
})
