import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimit.ts'

describe('createRateLimiter', () => {
  it('allows a burst, then the sustained rate, per key', () => {
    let now = 0
    const limiter = createRateLimiter({ perSecond: 2, burst: 3 }, () => now)
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true])
    const refused = limiter.take('a')
    expect(refused).toEqual({ ok: false, retryAfterMs: 500 })
    expect(limiter.take('b').ok).toBe(true)
    now = 499
    expect(limiter.take('a').ok).toBe(false)
    now = 500
    expect(limiter.take('a').ok).toBe(true)
    expect(limiter.take('a').ok).toBe(false)
    now = 60_000
    expect([1, 2, 3, 4].map(() => limiter.take('a').ok)).toEqual([true, true, true, false])
  })
})
