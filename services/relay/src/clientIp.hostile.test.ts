/**
 * Behind a reverse proxy the relay counts quotas by the address the proxy saw, and only a trusted
 * proxy may say so: a client that sends X-Forwarded-For itself is still counted by its own address.
 */
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientOf, relayFor } from '../test/testkit.ts'
import { connectRelayClient, type RelayConnectError } from './client.ts'
import { clientIp, proxyMatcher } from './clientIp.ts'

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage

describe('clientIp', () => {
  const loopback = proxyMatcher(['loopback'])

  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientIp(request('203.0.113.9', '6.6.6.6'))).toBe('203.0.113.9')
    expect(clientIp(request('::ffff:127.0.0.1', '6.6.6.6'))).toBe('127.0.0.1')
  })

  it('is the entry a trusted proxy appended, never one the client wrote before it', () => {
    expect(clientIp(request('127.0.0.1', '198.51.100.7'), loopback)).toBe('198.51.100.7')
    expect(clientIp(request('::1', '6.6.6.6, 198.51.100.7'), loopback)).toBe('198.51.100.7')
    expect(clientIp(request('::ffff:127.0.0.1', '198.51.100.7'), loopback)).toBe('198.51.100.7')
  })

  it('ignores the header from a peer that is not a trusted proxy', () => {
    expect(clientIp(request('203.0.113.9', '127.0.0.1'), loopback)).toBe('203.0.113.9')
  })

  it('stops at garbage and keeps the last good address', () => {
    expect(clientIp(request('127.0.0.1', 'not-an-ip'), loopback)).toBe('127.0.0.1')
    expect(clientIp(request('127.0.0.1', ''), loopback)).toBe('127.0.0.1')
  })

  it('takes addresses, CIDRs and range names, and refuses anything else', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', '192.0.2.1', 'uniquelocal', 'fd00::/8'])
    expect(trusted('10.1.2.3')).toBe(true)
    expect(trusted('192.0.2.1')).toBe(true)
    expect(trusted('192.0.2.2')).toBe(false)
    expect(trusted('192.168.1.1')).toBe(true)
    expect(trusted('fd12::1')).toBe(true)
    expect(trusted('nonsense')).toBe(false)
    expect(() => proxyMatcher(['everyone'])).toThrow(/not an address/)
    expect(() => proxyMatcher(['10.0.0.0/33'])).toThrow(/not an address/)
  })
})

describe('per-IP socket quota behind a trusted proxy', () => {
  const refused = (url: string, headers: Record<string, string>) =>
    connectRelayClient(url, { headers }).then(
      (client) => {
        client.ws.close()
        return undefined
      },
      (error: unknown) => (error as RelayConnectError).refusal?.status,
    )

  it('counts each forwarded client apart, and a spoofed header from an untrusted peer not at all', async () => {
    const behind = await relayFor({ trustProxy: ['loopback'], limits: { maxSocketsPerIp: 1 } })
    await clientOf(behind, { headers: { 'x-forwarded-for': '198.51.100.1' } })
    // Another client through the same proxy has its own budget; the same client again is over it.
    await clientOf(behind, { headers: { 'x-forwarded-for': '198.51.100.2' } })
    expect(await refused(behind.url, { 'x-forwarded-for': '198.51.100.1' })).toBe(429)

    // Without trustProxy the header is ignored: every socket is the peer's (127.0.0.1).
    const direct = await relayFor({ limits: { maxSocketsPerIp: 1 } })
    await clientOf(direct, { headers: { 'x-forwarded-for': '198.51.100.1' } })
    expect(await refused(direct.url, { 'x-forwarded-for': '198.51.100.2' })).toBe(429)
  })
})
