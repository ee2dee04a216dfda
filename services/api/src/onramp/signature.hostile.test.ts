import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SIGNATURE_TOLERANCE_SECONDS, signProviderCall, verifyProviderCall } from './signature.ts'

const SECRET = 'x'.repeat(32)
const PATH = '/provider/onramp/orders/abc/claim'

describe('provider call signatures under attack', () => {
  it('accepts its own signature and nothing altered', () => {
    const header = signProviderCall(SECRET, 'POST', PATH)
    expect(verifyProviderCall(SECRET, header, 'POST', PATH)).not.toBeNull()
    expect(verifyProviderCall(SECRET, header, 'GET', PATH)).toBeNull()
    expect(verifyProviderCall(SECRET, header, 'POST', `${PATH}x`)).toBeNull()
    expect(verifyProviderCall('y'.repeat(32), header, 'POST', PATH)).toBeNull()
  })

  it('signs a new request id into each call, and the id cannot be swapped for a fresh one', () => {
    const a = signProviderCall(SECRET, 'POST', PATH)
    const b = signProviderCall(SECRET, 'POST', PATH)
    const idA = verifyProviderCall(SECRET, a, 'POST', PATH)?.requestId
    expect(idA).toMatch(/^[0-9a-f]{32}$/)
    expect(verifyProviderCall(SECRET, b, 'POST', PATH)?.requestId).not.toBe(idA)
    // A replayer changing the id to get past the seen-ids check breaks the MAC.
    const swapped = a.replace(/id=[0-9a-f]{32}/, `id=${'0'.repeat(32)}`)
    expect(verifyProviderCall(SECRET, swapped, 'POST', PATH)).toBeNull()
    // The id must be kept until the signature leaves the window, no shorter.
    const now = Date.now()
    const t = Math.floor(now / 1000)
    expect(
      verifyProviderCall(SECRET, signProviderCall(SECRET, 'POST', PATH, now), 'POST', PATH, now),
    ).toEqual({
      requestId: expect.any(String),
      expiresAt: t + SIGNATURE_TOLERANCE_SECONDS,
    })
  })

  it('refuses the old id-less format even when correctly signed', () => {
    const t = Math.floor(Date.now() / 1000)
    const v1 = createHmac('sha256', SECRET).update(`${t}.POST ${PATH}`).digest('hex')
    expect(verifyProviderCall(SECRET, `t=${t},v1=${v1}`, 'POST', PATH)).toBeNull()
  })

  it('refuses signatures outside the window (past or future), junk and oversized headers', () => {
    const old = signProviderCall(SECRET, 'POST', PATH, Date.now() - 301_000)
    expect(verifyProviderCall(SECRET, old, 'POST', PATH)).toBeNull()
    const ahead = signProviderCall(SECRET, 'POST', PATH, Date.now() + 302_000)
    expect(verifyProviderCall(SECRET, ahead, 'POST', PATH)).toBeNull()
    for (const junk of [
      undefined,
      42,
      '',
      't=1,v1=zz',
      `t=1,v1=${'a'.repeat(64)}`,
      `t=1,id=${'a'.repeat(32)},v1=${'a'.repeat(64)}`,
      'x'.repeat(10_000),
      ['t=1'],
    ])
      expect(verifyProviderCall(SECRET, junk, 'POST', PATH)).toBeNull()
  })
})
