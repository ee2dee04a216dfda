/**
 * The JWT `aud` must name this relay: a token without one (or an empty one) would be good at every
 * relay. The comparison is the one the SDK's `aud` (its relayUrl) allows: host and port, the scheme's
 * default port filled in.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { encodeData, encodeIss, encodeJWT, generateKeyPair, type Keypair } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { relayFor, topic } from '../test/testkit.ts'
import { audienceMatcher, verifyClientJwt } from './auth.ts'
import { connectRelayClient, type RelayConnectError, signRelayJwt } from './client.ts'

/** A relay JWT signed by `keyPair` over exactly `claims` (plus iss, iat, exp), as any client could. */
function jwtWith(keyPair: Keypair, claims: Record<string, unknown>): string {
  const iat = Math.floor(Date.now() / 1000)
  const header = { alg: 'EdDSA', typ: 'JWT' } as const
  const payload = { iss: encodeIss(keyPair.publicKey), sub: 'sub', iat, exp: iat + 3600, ...claims }
  const data = encodeData({ header, payload } as unknown as Parameters<typeof encodeData>[0])
  const signature = ed25519.sign(data, keyPair.secretKey.slice(0, 32))
  return encodeJWT({ header, payload, signature } as unknown as Parameters<typeof encodeJWT>[0])
}

const refusedWith = async (relayUrl: string, jwt: string) => {
  const error = await connectRelayClient(relayUrl, { jwt }).then(
    (c) => {
      c.close()
      throw new Error('was accepted')
    },
    (e: unknown) => e as RelayConnectError,
  )
  return error.refusal
}

describe('relay JWT audience', () => {
  it('refuses a token without aud, or with an empty one, at upgrade (401)', async () => {
    const relay = await relayFor()
    const keyPair = generateKeyPair()
    for (const jwt of [
      jwtWith(keyPair, {}),
      jwtWith(keyPair, { aud: '' }),
      jwtWith(keyPair, { aud: null }),
    ]) {
      const refusal = await refusedWith(relay.url, jwt)
      expect(refusal.status).toBe(401)
      expect(refusal.body).toContain('JWT has no audience')
    }
    // The same key with the relay's URL as aud (what the SDK signs) connects.
    const ok = await connectRelayClient(relay.url, { jwt: jwtWith(keyPair, { aud: relay.url }) })
    expect(await ok.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
    await ok.close()
  })

  it('refuses a token for another relay, another port of the same host, or a non-URL aud', async () => {
    const relay = await relayFor()
    const keyPair = generateKeyPair()
    const other = await relayFor()
    for (const aud of [
      'wss://relay.walletconnect.org',
      other.url,
      // Port left out = the scheme's default (80), not any port.
      `ws://127.0.0.1`,
      'did:key:z6Mk',
      ['ws://127.0.0.1'],
    ]) {
      const refusal = await refusedWith(relay.url, jwtWith(keyPair, { aud }))
      expect(refusal.status).toBe(401)
      expect(refusal.body).toMatch(/audience/)
    }
  })

  it('verifyClientJwt requires the audience rule and an aud it accepts', async () => {
    const keyPair = generateKeyPair()
    const acceptAudience = audienceMatcher('127.0.0.1:4100')
    await expect(verifyClientJwt(jwtWith(keyPair, {}), { acceptAudience })).rejects.toThrow(
      'JWT has no audience',
    )
    await expect(
      verifyClientJwt(await signRelayJwt(keyPair, 'ws://127.0.0.1:4100'), { acceptAudience }),
    ).resolves.toMatchObject({ audience: 'ws://127.0.0.1:4100' })
  })

  it('compares host and port the way the SDK’s relayUrl produces them', () => {
    const local = audienceMatcher('127.0.0.1:4100')
    expect(local('ws://127.0.0.1:4100')).toBe(true)
    expect(local('ws://localhost:4100')).toBe(true)
    expect(local('ws://127.0.0.1:4100/relay/v1')).toBe(true)
    expect(local('ws://127.0.0.1:4101')).toBe(false)
    expect(local('ws://127.0.0.1')).toBe(false)
    expect(local('ws://evil.example:4100')).toBe(false)
    expect(local('ws://user:pw@127.0.0.1:4100')).toBe(false)
    expect(local('ftp://127.0.0.1:4100')).toBe(false)

    // Behind a TLS proxy: the browser sends Host without the default port.
    const proxied = audienceMatcher('relay.example.com')
    expect(proxied('wss://relay.example.com')).toBe(true)
    expect(proxied('wss://relay.example.com:443')).toBe(true)
    expect(proxied('wss://Relay.Example.com/')).toBe(true)
    expect(proxied('wss://relay.example.com:8443')).toBe(false)
    expect(proxied('wss://relay.example.org')).toBe(false)

    // A Host header naming a port: the aud's port (explicit or default) must be that one.
    expect(audienceMatcher('relay.example.com:443')('wss://relay.example.com')).toBe(true)
    expect(audienceMatcher('relay.example.com:8443')('wss://relay.example.com')).toBe(false)
    expect(audienceMatcher('[::1]:4100')('ws://[::1]:4100')).toBe(true)
    expect(audienceMatcher('[::1]:4100')('ws://[::1]:4101')).toBe(false)

    // Extra audiences (the relay's public URLs) compare host and effective port.
    const extra = audienceMatcher('10.0.0.5:4000', ['wss://relay.example.com'])
    expect(extra('wss://relay.example.com')).toBe(true)
    expect(extra('wss://relay.example.com:443')).toBe(true)
    expect(extra('ws://relay.example.com')).toBe(false)
    expect(extra('wss://relay.example.com:4000')).toBe(false)
    expect(extra('ws://10.0.0.5:4000')).toBe(true)
    expect(audienceMatcher(undefined)('ws://127.0.0.1:4100')).toBe(false)
  })
})
