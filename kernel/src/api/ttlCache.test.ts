// @vitest-environment node
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { createTtlCache, type StorageLike } from './ttlCache.ts'

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function setup(storage: StorageLike | undefined) {
  let time = 1_000_000
  const log = { warn: vi.fn() }
  const cache = createTtlCache({
    storage,
    storageKey: 'k',
    ttlMs: 30_000,
    schema: v.object({ n: v.number() }),
    now: () => time,
    log,
  })
  return { cache, log, advance: (ms: number) => (time += ms) }
}

describe('createTtlCache', () => {
  it('returns a value until its lifetime has passed', () => {
    const { cache, advance } = setup(memoryStorage())
    cache.set('a', { n: 1 })
    advance(29_999)
    expect(cache.get('a')).toEqual({ n: 1 })
    advance(1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('entry gives the value with its age, and nothing once the lifetime has passed', () => {
    const { cache, advance } = setup(memoryStorage())
    cache.set('a', { n: 1 })
    advance(7_000)
    expect(cache.entry('a')).toEqual({ value: { n: 1 }, ageMs: 7_000 })
    advance(23_000)
    expect(cache.entry('a')).toBeUndefined()
  })

  it('keeps entries per key in one storage item and drops expired ones on write', () => {
    const storage = memoryStorage()
    const { cache, advance } = setup(storage)
    cache.set('a', { n: 1 })
    advance(20_000)
    cache.set('b', { n: 2 })
    advance(20_000)
    cache.set('c', { n: 3 })
    expect(Object.keys(JSON.parse(storage.data.get('k') ?? '{}'))).toEqual(['b', 'c'])
    expect(cache.get('b')).toEqual({ n: 2 })
  })

  it('remove and clear', () => {
    const storage = memoryStorage()
    const { cache } = setup(storage)
    cache.set('a', { n: 1 })
    cache.set('b', { n: 2 })
    cache.remove('a')
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toEqual({ n: 2 })
    cache.clear()
    expect(storage.data.has('k')).toBe(false)
  })

  it('treats malformed JSON, a wrong record shape or a wrong value shape as a miss', () => {
    const storage = memoryStorage()
    const { cache, log } = setup(storage)
    storage.data.set('k', '{not json')
    expect(cache.get('a')).toBeUndefined()
    storage.data.set('k', JSON.stringify({ a: { value: { n: 1 }, timestamp: 'yesterday' } }))
    expect(cache.get('a')).toBeUndefined()
    storage.data.set('k', JSON.stringify({ a: { value: { n: 'one' }, timestamp: 1_000_000 } }))
    expect(cache.get('a')).toBeUndefined()
    expect(log.warn).toHaveBeenCalled()
    cache.set('a', { n: 1 })
    expect(cache.get('a')).toEqual({ n: 1 })
  })

  it('ignores entries stamped in the future', () => {
    const storage = memoryStorage()
    const { cache } = setup(storage)
    storage.data.set('k', JSON.stringify({ a: { value: { n: 1 }, timestamp: 5_000_000 } }))
    expect(cache.get('a')).toBeUndefined()
  })

  it('logs storage failures and never throws', () => {
    const failing: StorageLike = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const { cache, log } = setup(failing)
    expect(() => cache.set('a', { n: 1 })).not.toThrow()
    expect(cache.get('a')).toBeUndefined()
    expect(() => cache.remove('a')).not.toThrow()
    expect(() => cache.clear()).not.toThrow()
    expect(log.warn).toHaveBeenCalledWith('cache k: write failed', expect.any(Error))
  })

  it('works without storage at all', () => {
    const { cache } = setup(undefined)
    cache.set('a', { n: 1 })
    expect(cache.get('a')).toBeUndefined()
  })
})
