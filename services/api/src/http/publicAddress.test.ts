import { describe, expect, it } from 'vitest'
import { AddressRefusedError, guardedLookup, isLoopbackAddress, isPublicAddress } from './publicAddress.ts'

describe('public addresses', () => {
  it.each([
    '8.8.8.8',
    '151.101.1.69',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
  ])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true)
  })

  it.each([
    ['10.1.2.3', 'private'],
    ['172.31.255.1', 'private'],
    ['192.168.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'unique local'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:8.8.8.8', 'IPv4-mapped (any)'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2001:db8::1', 'documentation'],
    ['not an ip', 'not an address'],
  ])('%s is not (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  it('knows loopback', () => {
    expect([isLoopbackAddress('127.0.0.2'), isLoopbackAddress('::1'), isLoopbackAddress('10.0.0.1')]).toEqual(
      [true, true, false],
    )
  })

  it('a lookup refuses a name when any of its addresses is not allowed, and answers the rest', async () => {
    const lookup = guardedLookup(isPublicAddress, async (name) =>
      name === 'mixed.test'
        ? [
            { address: '8.8.8.8', family: 4 },
            { address: '10.0.0.1', family: 4 },
          ]
        : [
            { address: '8.8.4.4', family: 4 },
            { address: '2001:4860:4860::8888', family: 6 },
          ],
    )
    const ask = (name: string, options: { all?: boolean; family?: number }) =>
      new Promise((resolve) =>
        lookup(name, options, (err: unknown, address: unknown, family?: unknown) =>
          resolve(err ?? { address, family }),
        ),
      )
    expect(await ask('mixed.test', {})).toBeInstanceOf(AddressRefusedError)
    expect(await ask('cdn.test', {})).toEqual({ address: '8.8.4.4', family: 4 })
    expect(await ask('cdn.test', { family: 6 })).toEqual({ address: '2001:4860:4860::8888', family: 6 })
    expect(await ask('cdn.test', { all: true })).toEqual({
      address: [
        { address: '8.8.4.4', family: 4 },
        { address: '2001:4860:4860::8888', family: 6 },
      ],
      family: undefined,
    })
  })
})
