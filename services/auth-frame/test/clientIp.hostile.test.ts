import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AuthFrameConfigInput } from '../src/config.ts'
import { configFromEnv } from '../src/env.ts'
import { APP_ORIGIN, PROJECT, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

const REAL_CLIENT = '198.51.100.7'
const randomIp = () => [...randomBytes(4)].join('.')

/** CONNECT_EMAIL as a browser behind proxies would send it, with the given X-Forwarded-For. */
async function connectEmail(
  frame: TestFrame,
  forwardedFor: string,
): Promise<{ ok: boolean; error?: string }> {
  const response = await fetch(`${frame.server.url}/api/frame`, {
    method: 'POST',
    headers: {
      origin: frame.server.url,
      'content-type': 'application/json',
      'x-portico-device': randomBytes(32).toString('base64url'),
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({
      type: 'CONNECT_EMAIL',
      payload: { email: uniqueEmail('ip') },
      projectId: PROJECT,
      parentOrigin: APP_ORIGIN,
    }),
  })
  return (await response.json()) as { ok: boolean; error?: string }
}

/**
 * 40 sends, each with a fresh client-chosen left-most X-Forwarded-For entry in front of what the trusted
 * proxies appended (`proxied(spoof)`): only 30 pass, all counted against the real client.
 */
async function expectLimitedAt30(
  trustProxy: AuthFrameConfigInput['trustProxy'],
  proxied: (spoof: string, client: string) => string,
) {
  const frame = await startTestFrame({
    trustProxy,
    emailRateLimit: { perEmail: { max: 5, windowMs: 60_000 }, perIp: { max: 30, windowMs: 60_000 } },
  })
  try {
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await connectEmail(frame, proxied(randomIp(), REAL_CLIENT)))
    expect(answers.filter((a) => a.ok)).toHaveLength(30)
    expect(answers.slice(30)).toEqual(
      Array(10).fill({ ok: false, error: 'Too many emails sent, try again later' }),
    )
    const ips = await frame.server.store.driver.all<{ ip: string }>('SELECT DISTINCT ip FROM email_sends')
    expect(ips).toEqual([{ ip: REAL_CLIENT }])
    // Another client behind the same proxy has its own allowance.
    expect((await connectEmail(frame, proxied(randomIp(), '198.51.100.8'))).ok).toBe(true)
    const after = await frame.server.store.driver.all<{ ip: string }>(
      'SELECT DISTINCT ip FROM email_sends ORDER BY ip',
    )
    expect(after).toEqual([{ ip: REAL_CLIENT }, { ip: '198.51.100.8' }])
  } finally {
    await frame.close()
  }
}

describe('the per-IP mail limit behind trusted proxies', () => {
  it('one trusted hop (PORTICO_AUTH_FRAME_TRUST_PROXY=1): a client-chosen X-Forwarded-For entry does not reset it', () =>
    expectLimitedAt30(true, (spoof, client) => `${spoof}, ${client}`))

  it('two trusted hops: the client is the entry the outer proxy appended', () =>
    expectLimitedAt30(2, (spoof, client) => `${spoof}, ${client}, 10.0.0.2`))

  it('trusted proxy addresses / CIDRs: the first untrusted address from the right is the client', () =>
    expectLimitedAt30(['loopback', '10.0.0.0/8'], (spoof, client) => `${spoof}, ${client}, 10.0.0.2`))

  it('a client that claims to be a trusted proxy address gains nothing', () =>
    // The spoofed entry sits left of the real client, which is not a trusted proxy: the walk stops there.
    expectLimitedAt30(['127.0.0.1', '10.0.0.0/8'], (_spoof, client) => `10.0.0.3, ${client}`))
})

describe('PORTICO_AUTH_FRAME_TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses anything else by name', () => {
    const parse = (value: string) => configFromEnv({ PORTICO_AUTH_FRAME_TRUST_PROXY: value }).trustProxy
    expect(parse('1')).toBe(true)
    expect(parse('true')).toBe(true)
    expect(parse('0')).toBe(false)
    expect(parse('off')).toBe(false)
    expect(parse('3')).toBe(3)
    expect(parse('10.0.0.0/8, 192.168.1.1,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'fd00::/8',
      'loopback',
    ])
    for (const bad of ['*', 'all', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', ',', '-1'])
      expect(() => parse(bad), bad).toThrow('PORTICO_AUTH_FRAME_TRUST_PROXY')
  })
})
