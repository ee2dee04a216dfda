import { describe, expect, it } from 'vitest'
import { createAccountCache } from './accountCache.ts'
import { createApiCaches, touchedAccounts } from './caches.ts'

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => {
    resolve = res
  })
  return { promise, resolve }
}

describe('account cache', () => {
  it('keeps at most maxEntries, evicting the least recently used', async () => {
    const cache = createAccountCache<number>({ ttlMs: 60_000, maxEntries: 3 })
    for (const n of [1, 2, 3]) await cache.load(`k${n}`, `a${n}`, async () => n)
    expect(cache.get('k1')).toBe(1) // k1 is now the most recently used
    for (const n of [4, 5]) await cache.load(`k${n}`, `a${n}`, async () => n)
    expect(cache.size).toBe(3)
    expect(cache.get('k2')).toBeUndefined()
    expect(cache.get('k3')).toBeUndefined()
    expect([cache.get('k1'), cache.get('k4'), cache.get('k5')]).toEqual([1, 4, 5])
  })

  it('forgets a value older than ttlMs', async () => {
    let now = 1000
    const cache = createAccountCache<string>({ ttlMs: 500, maxEntries: 10 }, () => now)
    await cache.load('k', 'a', async () => 'first')
    now += 499
    expect(cache.get('k')).toBe('first')
    now += 1
    expect(cache.get('k')).toBeUndefined()
    expect(await cache.load('k', 'a', async () => 'second')).toBe('second')
  })

  it('runs one load for requests at the same time', async () => {
    const cache = createAccountCache<number>({ ttlMs: 60_000, maxEntries: 10 })
    let calls = 0
    const gate = deferred<number>()
    const loads = Array.from({ length: 100 }, () =>
      cache.load('k', 'a', () => {
        calls++
        return gate.promise
      }),
    )
    gate.resolve(7)
    expect(await Promise.all(loads)).toEqual(Array(100).fill(7))
    expect(calls).toBe(1)
  })

  it('drops the values of an invalidated account and only those', async () => {
    const cache = createAccountCache<number>({ ttlMs: 60_000, maxEntries: 10 })
    await cache.load('a|usd', 'a', async () => 1)
    await cache.load('a|eur', 'a', async () => 2)
    await cache.load('b|usd', 'b', async () => 3)
    cache.invalidate(['a'])
    expect([cache.get('a|usd'), cache.get('a|eur'), cache.get('b|usd')]).toEqual([undefined, undefined, 3])
  })

  it('does not keep a load that was running when its account was invalidated', async () => {
    const cache = createAccountCache<string>({ ttlMs: 60_000, maxEntries: 10 })
    const slow = deferred<string>()
    const before = cache.load('k', 'a', () => slow.promise)
    cache.invalidate(['a'])
    // A request after the invalidation does not join the older load.
    const after = cache.load('k', 'a', async () => 'new')
    slow.resolve('old')
    expect(await before).toBe('old')
    expect(await after).toBe('new')
    expect(cache.get('k')).toBe('new')
  })

  it('keeps nothing from a load running across clear(), and nothing from a failed load', async () => {
    const cache = createAccountCache<string>({ ttlMs: 60_000, maxEntries: 10 })
    const slow = deferred<string>()
    const running = cache.load('k', 'a', () => slow.promise)
    cache.clear()
    slow.resolve('old')
    await running
    expect(cache.get('k')).toBeUndefined()
    await expect(cache.load('k', 'a', () => Promise.reject(new Error('chain down')))).rejects.toThrow()
    expect(cache.get('k')).toBeUndefined()
    expect(await cache.load('k', 'a', async () => 'ok')).toBe('ok')
  })

  it('keeps the summed weight within maxBytes, evicting the least recently used', async () => {
    const cache = createAccountCache<string>({
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: 10,
      weigh: (s) => s.length,
    })
    await cache.load('k1', 'a', async () => 'aaaa')
    await cache.load('k2', 'b', async () => 'bbbb')
    expect(cache.get('k1')).toBe('aaaa') // k2 is now the least recently used
    await cache.load('k3', 'c', async () => 'cccc')
    expect([cache.get('k1'), cache.get('k2'), cache.get('k3')]).toEqual(['aaaa', undefined, 'cccc'])
    expect(cache.bytes).toBe(8)
    // Replacing, invalidating and clearing give their bytes back.
    await cache.load('k1', 'a', async () => 'a', { refresh: true })
    expect(cache.bytes).toBe(5)
    cache.invalidate(['c'])
    expect(cache.bytes).toBe(1)
    cache.clear()
    expect(cache.bytes).toBe(0)
  })

  it('answers with a value heavier than maxBytes but does not keep it or drop others for it', async () => {
    const cache = createAccountCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 5,
      weigh: (s) => s.length,
    })
    await cache.load('small', 'a', async () => 'ok')
    expect(await cache.load('big', 'b', async () => 'x'.repeat(6))).toBe('xxxxxx')
    expect([cache.get('small'), cache.get('big'), cache.bytes]).toEqual(['ok', undefined, 2])
  })

  it('an expired value gives its bytes back', async () => {
    let now = 0
    const cache = createAccountCache<string>(
      { ttlMs: 10, maxEntries: 10, maxBytes: 5, weigh: (s) => s.length },
      () => now,
    )
    await cache.load('k', 'a', async () => 'abcd')
    now = 10
    expect(cache.get('k')).toBeUndefined()
    expect(cache.bytes).toBe(0)
    await cache.load('j', 'b', async () => 'abcde')
    expect(cache.get('j')).toBe('abcde')
  })

  it('refresh skips the kept value; flight separates loads of the same key', async () => {
    const cache = createAccountCache<number>({ ttlMs: 60_000, maxEntries: 10 })
    await cache.load('k', 'a', async () => 1)
    expect(await cache.load('k', 'a', async () => 2)).toBe(1)
    expect(await cache.load('k', 'a', async () => 3, { refresh: true, flight: 'k@2' })).toBe(3)
    expect(cache.get('k')).toBe(3)
  })
})

describe('API caches', () => {
  it('the indexer invalidates balances and history of the accounts a block touched', async () => {
    const caches = createApiCaches({
      balanceTtlMs: 60_000,
      historyTtlMs: 60_000,
      maxEntries: 10,
      maxBytes: 1000,
    })
    const entry = () => ({ block: 1, items: Buffer.from('{}') })
    await caches.balances?.load('31337|0xaa|usd', '0xaa', async () => entry())
    await caches.history?.load('0xaa|*', '0xaa', async () => Buffer.from('{"data":[],"next":null}'))
    await caches.balances?.load('31337|0xbb|usd', '0xbb', async () => entry())
    caches.onIndexed(touchedAccounts([{ from: '0xCC', to: '0xAA' }], []))
    expect(caches.balances?.get('31337|0xaa|usd')).toBeUndefined()
    expect(caches.history?.get('0xaa|*')).toBeUndefined()
    expect(caches.balances?.get('31337|0xbb|usd')).toEqual(entry())
    expect(caches.balances?.bytes).toBe(2)
    expect(caches.history?.bytes).toBe(0)
  })

  it('touched accounts: senders, recipients and transfer parties, lower-case', () => {
    expect(
      touchedAccounts(
        [
          { from: '0xAA', to: null },
          { from: '0xBB', to: '0xCC' },
        ],
        [{ from: '0xDD', to: '0xEE' }],
      ),
    ).toEqual(new Set(['0xaa', '0xbb', '0xcc', '0xdd', '0xee']))
  })

  it('a ttl, an entry count or a byte budget of 0 turns a cache off', () => {
    const on = { balanceTtlMs: 1, historyTtlMs: 1, maxEntries: 1, maxBytes: 1 }
    expect(createApiCaches(on).balances).not.toBeNull()
    expect(createApiCaches({ ...on, balanceTtlMs: 0 }).balances).toBeNull()
    expect(createApiCaches({ ...on, maxEntries: 0 }).history).toBeNull()
    expect(createApiCaches({ ...on, maxBytes: 0 }).history).toBeNull()
  })

  it('the byte budget counts the serialised bodies kept', async () => {
    const caches = createApiCaches({
      balanceTtlMs: 60_000,
      historyTtlMs: 60_000,
      maxEntries: 10,
      maxBytes: 10,
    })
    await caches.history?.load('0xaa|*', '0xaa', async () => Buffer.alloc(6))
    await caches.history?.load('0xbb|*', '0xbb', async () => Buffer.alloc(6))
    expect(caches.history?.get('0xaa|*')).toBeUndefined()
    expect(caches.history?.get('0xbb|*')?.length).toBe(6)
    await caches.balances?.load('1|0xaa|usd', '0xaa', async () => ({ block: 1, items: Buffer.alloc(11) }))
    expect(caches.balances?.size).toBe(0)
  })
})
