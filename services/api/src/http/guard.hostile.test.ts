/**
 * Hostile review finding 6: the rate limit was keyed on the self-declared `clientId`, so one IP
 * inventing a new clientId per request had a fresh bucket each time and spent the project's ceiling:
 * a legitimate client elsewhere got 429. The limit is now per client IP address first (the address a
 * trusted proxy saw, `trustProxy`); a clientId only subdivides its IP's budget.
 */
import { join } from 'node:path'
import type { ApiErrorBody } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, getJson, tempDir } from '../../test/helpers.ts'
import type { ApiConfigInput } from '../config.ts'
import { type ApiServer, startApi } from '../index.ts'

let dir: ReturnType<typeof tempDir>
let rpcUrl: string
const servers: ApiServer[] = []

beforeAll(async () => {
  dir = tempDir('portico-api-guard-hostile-')
  rpcUrl = `http://127.0.0.1:${await freePort()}`
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  dir?.remove()
})

let files = 0
async function api(input: ApiConfigInput): Promise<ApiServer> {
  const server = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl }],
    database: { kind: 'sqlite', file: join(dir.dir, `api-${files++}.sqlite`) },
    projectIds: ['public'],
    // Refill so slow (one per 1000 s) that no token comes back while the test runs.
    rateLimit: { perSecond: 0.001, burst: 5 },
    clientIdRateLimit: { perSecond: 0.001, burst: 3 },
    projectRateLimit: { perSecond: 0.001, burst: 20 },
    indexer: { enabled: false },
    logLevel: 'silent',
    ...input,
  })
  servers.push(server)
  return server
}

/** A call as the proxy in front of the API forwards it: X-Forwarded-For ends with the client's IP. */
const call = (server: ApiServer, forwardedFor: string | undefined, clientId?: string) =>
  getJson<ApiErrorBody>(
    `${server.url}/v1/supported-chains?projectId=public${clientId ? `&clientId=${clientId}` : ''}`,
    forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : undefined,
  )

describe('rate limit behind a trusted proxy: per client IP first', () => {
  const behindProxy = () => api({ trustProxy: ['loopback'] })

  it('a flood from one IP rotating clientIds does not starve a client on another IP', async () => {
    const server = await behindProxy()
    const flood: number[] = []
    const legit: number[] = []
    for (let i = 0; i < 40; i++) {
      flood.push((await call(server, '203.0.113.7', `flood-${i}`)).status)
      if (i % 13 === 12) legit.push((await call(server, '198.51.100.9', 'legit')).status)
    }
    // The flooding IP is limited as a whole: its budget (5), whatever clientIds it invents.
    expect(flood.filter((s) => s === 200)).toHaveLength(5)
    expect(flood.slice(5).every((s) => s === 429)).toBe(true)
    const limited = await call(server, '203.0.113.7', 'yet-another-id')
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/^Rate limit exceeded for project "public" from this IP address/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The legitimate client was never refused, and the project's ceiling (20) was not reached.
    expect(legit).toEqual([200, 200, 200])
    expect((await call(server, '198.51.100.10')).status).toBe(200)
  })

  it('a clientId only subdivides its IP’s budget: never more, and never another IP’s', async () => {
    const server = await behindProxy()
    const ip = '203.0.113.20'
    const a = []
    for (let i = 0; i < 4; i++) a.push((await call(server, ip, 'shared-id')).status)
    // One clientId gets its share (3) of the IP's 5, so another client behind the same IP keeps some.
    expect(a).toEqual([200, 200, 200, 429])
    expect((await call(server, ip, 'shared-id')).body.message).toMatch(/for this clientId/)
    const b = []
    for (let i = 0; i < 4; i++) b.push((await call(server, ip, 'sibling')).status)
    // The sibling has 3 of its own, but the IP has only 2 left: a clientId grants no extra budget.
    expect(b).toEqual([200, 200, 429, 429])
    // The same clientId from another IP spends that IP's budget, untouched by the first one.
    expect((await call(server, '198.51.100.20', 'shared-id')).status).toBe(200)
  })

  it('an IPv6 client is one IP by its /64; entries left of the proxy’s are the client’s word, not trusted', async () => {
    const server = await behindProxy()
    const statuses = []
    for (let i = 1; i <= 6; i++) statuses.push((await call(server, `2001:db8:1:2::${i}`)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]) // one budget (5) for the whole /64
    expect((await call(server, '2001:db8:1:2:ffff::9', 'other-id')).status).toBe(429)
    expect((await call(server, '2001:db8:1:3::1', 'other-id')).status).toBe(200) // another /64

    const spoofed = []
    for (let i = 0; i < 8; i++) spoofed.push((await call(server, `10.9.${i}.1, 203.0.113.40`)).status)
    expect(spoofed.filter((s) => s === 200)).toHaveLength(5)
  })
})

describe('rate limit without a trusted proxy', () => {
  it('ignores X-Forwarded-For: a client inventing addresses is still its socket address', async () => {
    const server = await api({})
    const statuses = []
    for (let i = 0; i < 10; i++) statuses.push((await call(server, `203.0.113.${i}`, `id-${i}`)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
  })
})
