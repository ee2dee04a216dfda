import { describe, expect, it } from 'vitest'
import { createNegativeCache } from './negativeCache.ts'

describe('negative cache of "not a token" answers', () => {
  it('forgets an answer after its TTL, so the chain is asked again', () => {
    let now = 0
    const cache = createNegativeCache({ ttlMs: 1000, maxEntries: 10 }, () => now)
    cache.add('a')
    now = 999
    expect(cache.has('a')).toBe(true)
    now = 1000
    expect(cache.has('a')).toBe(false)
    expect(cache.size).toBe(0)
  })

  it('stays bounded under a flood of random addresses, dropping the oldest', () => {
    const cache = createNegativeCache({ ttlMs: 60_000, maxEntries: 100 }, () => 0)
    for (let i = 0; i < 10_000; i++) cache.add(`0x${i}`)
    expect(cache.size).toBe(100)
    expect(cache.has('0x0')).toBe(false)
    expect(cache.has('0x9999')).toBe(true)
  })
})
