import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.ts'
import { configFromEnv } from '../env.ts'
import { fastifyTrustProxy, parseTrustProxy } from './trustProxy.ts'

describe('which address is the client (trustProxy)', () => {
  it('reads PORTICO_API_TRUST_PROXY and the clientId share, and defaults to the socket address', () => {
    const config = resolveConfig(
      configFromEnv({
        PORTICO_API_TRUST_PROXY: '10.0.0.0/8, loopback',
        PORTICO_RATE_LIMIT: '10',
        PORTICO_RATE_BURST: '40',
        PORTICO_CLIENT_ID_RATE_BURST: '30',
      }),
    )
    expect(config.trustProxy).toEqual(['10.0.0.0/8', 'loopback'])
    expect(config.clientIdRateLimit).toEqual({ perSecond: 5, burst: 30 })
    const defaults = resolveConfig(configFromEnv({}))
    expect(defaults.trustProxy).toBe(false)
    expect(defaults.clientIdRateLimit).toEqual({ perSecond: 25, burst: 100 })
  })

  it('parses hops and lists; refuses anything else by name', () => {
    expect(parseTrustProxy('1', 'X')).toBe(true)
    expect(parseTrustProxy('off', 'X')).toBe(false)
    expect(parseTrustProxy('2', 'X')).toBe(2)
    expect(() => parseTrustProxy('proxy.example', 'PORTICO_API_TRUST_PROXY')).toThrow(
      /^PORTICO_API_TRUST_PROXY must be a number of trusted hops/,
    )
    expect(() => parseTrustProxy('10.0.0.0/40', 'X')).toThrow(/10.0.0.0\/40/)
  })

  it('never trusts the left-most (client-chosen) entry: a hop count trusts that many proxies only', () => {
    expect(fastifyTrustProxy(false)).toBe(false)
    expect(fastifyTrustProxy([])).toBe(false)
    const one = fastifyTrustProxy(true)
    expect(typeof one === 'function' && [one('10.0.0.1', 0), one('10.0.0.2', 1)]).toEqual([true, false])
    expect(() => fastifyTrustProxy(-1)).toThrow(/hops/)
  })
})
