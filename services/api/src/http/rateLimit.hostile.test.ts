import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimit.ts'

describe('rate limiter under a flood of invented client ids', () => {
  it('keeps memory bounded however many keys are invented', () => {
    let now = 0
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, () => now, 1000)
    let largest = 0
    let admitted = 0
    for (let i = 0; i < 50_000; i++) {
      now += 0.01
      if (limiter.take(`invented-${i}`).ok) admitted++
      largest = Math.max(largest, limiter.size)
    }
    expect(admitted).toBe(50_000)
    expect(largest).toBeLessThanOrEqual(1000)
  })

  it('drops refilled buckets before busy ones', () => {
    let now = 0
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, () => now, 3)
    limiter.take('idle-1')
    limiter.take('idle-2')
    now = 5000 // both refilled
    limiter.take('busy')
    limiter.take('busy')
    expect(limiter.take('busy').ok).toBe(false)
    limiter.take('new') // over the bound: the refilled idle buckets go, the empty busy one stays
    expect(limiter.size).toBe(2)
    expect(limiter.take('busy').ok).toBe(false)
  })
})
