import { afterEach, describe, expect, it } from 'vitest'
import { clearCookies } from '../../test/storage/testCookies.ts'
import {
  cookieToInitialState,
  createCookieStorage,
  MAX_COOKIE_HEADER_LENGTH,
  MAX_COOKIE_VALUE_LENGTH,
  parseCookieHeader,
} from './cookie.ts'
import { memoryBackend } from './storage.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const enc = encodeURIComponent

afterEach(clearCookies)

describe('cookieStorage', () => {
  it('keeps the connection keys in cookies and everything else in the fallback', () => {
    const fallback = memoryBackend()
    const storage = createCookieStorage({ fallback })
    storage.setItem('@portico/connection_status', 'connected')
    storage.setItem('@portico/eip155:connected_connector_id', 'io.metamask')
    storage.setItem('@portico/portfolio_cache', '{"big":"cache"}')
    expect(document.cookie).toContain(`${enc('@portico/connection_status')}=connected`)
    expect(document.cookie).toContain(`${enc('@portico/eip155:connected_connector_id')}=io.metamask`)
    expect(document.cookie).not.toContain('portfolio')
    expect(fallback.getItem('@portico/portfolio_cache')).toBe('{"big":"cache"}')
    expect(storage.getItem('@portico/connection_status')).toBe('connected')
    expect(storage.getItem('@portico/portfolio_cache')).toBe('{"big":"cache"}')

    storage.removeItem('@portico/connection_status')
    expect(storage.getItem('@portico/connection_status')).toBeNull()
    expect(document.cookie).not.toContain(enc('@portico/connection_status'))
  })

  it('refuses a cookie value over the bound (SafeStorage logs it) and an unsafe path', () => {
    const storage = createCookieStorage({ fallback: memoryBackend() })
    expect(() => storage.setItem('@portico/account', 'x'.repeat(MAX_COOKIE_VALUE_LENGTH + 1))).toThrow(
      `value of @portico/account is longer than ${MAX_COOKIE_VALUE_LENGTH} characters`,
    )
    expect(document.cookie).toBe('')
    expect(() => createCookieStorage({ path: '/; Domain=evil.example' })).toThrow('invalid cookie path')
    expect(() => createCookieStorage({ path: 'relative' })).toThrow('invalid cookie path')
    expect(() => createCookieStorage({ maxAgeSeconds: Number.NaN })).toThrow('invalid cookie maxAgeSeconds')
    expect(() => createCookieStorage({ maxAgeSeconds: -1 })).toThrow('invalid cookie maxAgeSeconds')
  })

  it('writes Path, Max-Age and SameSite=Lax (Secure on https)', () => {
    const writes: string[] = []
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => '',
      set: (value: string) => writes.push(value),
    })
    try {
      createCookieStorage({ maxAgeSeconds: 60, path: '/app' }).setItem(
        '@portico/connection_status',
        'connected',
      )
    } finally {
      Reflect.deleteProperty(document, 'cookie')
    }
    expect(writes).toEqual([
      `${enc('@portico/connection_status')}=connected; Path=/app; Max-Age=60; SameSite=Lax`,
    ])
  })
})

describe('parseCookieHeader', () => {
  it('skips malformed pairs and keeps the first of repeated names', () => {
    const cookies = parseCookieHeader('a=1; broken; =x; b=%E0%A4%A; a=2; c=%40ok')
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['c', '@ok'],
    ])
    expect(parseCookieHeader(undefined).size).toBe(0)
    expect(parseCookieHeader(42 as never).size).toBe(0)
  })

  it('reads a huge header only up to its bound', () => {
    const header = `a=1; ${'x'.repeat(MAX_COOKIE_HEADER_LENGTH)}; late=1`
    const cookies = parseCookieHeader(header)
    expect(cookies.get('a')).toBe('1')
    expect(cookies.has('late')).toBe(false)
  })
})

describe('cookieToInitialState', () => {
  const header = (status: string, account: string) =>
    `${enc('@portico/connection_status')}=${status}; ${enc('@portico/account')}=${enc(account)}`

  it('reads the connected account', () => {
    const account = { namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1' }
    expect(cookieToInitialState(header('connected', JSON.stringify(account)))).toEqual({ account })
    const solana = {
      namespace: 'solana',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }
    expect(cookieToInitialState(header('connected', JSON.stringify(solana)))).toEqual({ account: solana })
  })

  it('returns nothing for absent, disconnected, malformed, oversized or forged values', () => {
    const good = JSON.stringify({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1' })
    for (const cookie of [
      undefined,
      '',
      header('disconnected', good),
      header('connected', '{"namespace":'),
      header(
        'connected',
        JSON.stringify({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'solana:x' }),
      ),
      header(
        'connected',
        JSON.stringify({ namespace: 'eip155', address: `${ADDRESS}00`, caipNetworkId: 'eip155:1' }),
      ),
      header(
        'connected',
        JSON.stringify({ namespace: 'cosmos', address: ADDRESS, caipNetworkId: 'cosmos:1' }),
      ),
      header(
        'connected',
        JSON.stringify({ namespace: 'eip155', address: '<script>', caipNetworkId: 'eip155:1' }),
      ),
      header('connected', `${good.slice(0, -1)},"pad":"${'x'.repeat(MAX_COOKIE_VALUE_LENGTH)}"}`),
      header('connected', 'null'),
    ]) {
      expect(cookieToInitialState(cookie)).toBeUndefined()
    }
  })

  it('copies only the known fields', () => {
    const account = { namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', extra: '<b>' }
    expect(cookieToInitialState(header('connected', JSON.stringify(account)))).toEqual({
      account: { namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1' },
    })
  })
})
