import { describe, expect, it } from 'vitest'
import { signProviderCall, verifyProviderCall } from './signature.ts'

const SECRET = 'x'.repeat(32)
const PATH = '/provider/onramp/orders/abc/claim'

describe('provider call signatures under attack', () => {
  it('accepts its own signature and nothing altered', () => {
    const header = signProviderCall(SECRET, 'POST', PATH)
    expect(verifyProviderCall(SECRET, header, 'POST', PATH)).toBe(true)
    expect(verifyProviderCall(SECRET, header, 'GET', PATH)).toBe(false)
    expect(verifyProviderCall(SECRET, header, 'POST', `${PATH}x`)).toBe(false)
    expect(verifyProviderCall('y'.repeat(32), header, 'POST', PATH)).toBe(false)
  })

  it('refuses replays outside the window, junk and oversized headers', () => {
    const old = signProviderCall(SECRET, 'POST', PATH, Date.now() - 301_000)
    expect(verifyProviderCall(SECRET, old, 'POST', PATH)).toBe(false)
    for (const junk of [
      undefined,
      42,
      '',
      't=1,v1=zz',
      `t=1,v1=${'a'.repeat(64)}`,
      'x'.repeat(10_000),
      ['t=1'],
    ])
      expect(verifyProviderCall(SECRET, junk, 'POST', PATH)).toBe(false)
  })
})
