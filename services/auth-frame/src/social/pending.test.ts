import { describe, expect, it } from 'vitest'
import { ownerOf, PendingStore } from './pending.ts'

const entry = (owner: string, createdAt: number) => ({ owner, createdAt })

describe('PendingStore (logins in progress)', () => {
  it('keeps at most perOwner entries per owner (the oldest goes) and refuses past max', () => {
    const store = new PendingStore({ ttlMs: 60_000, perOwner: 2, max: 3, now: () => 0 })
    store.add('a1', entry('a', 0))
    store.add('a2', entry('a', 0))
    store.add('a3', entry('a', 0))
    expect(store.peek('a1', 'a')).toBeUndefined()
    expect(store.peek('a3', 'a')).toBeDefined()
    store.add('b1', entry('b', 0))
    expect(store.size).toBe(3)
    expect(() => store.add('c1', entry('c', 0))).toThrow('Too many logins in progress, try again later')
  })

  it('expires entries, hides other owners’ entries and gives each one out once', () => {
    let now = 0
    const store = new PendingStore({ ttlMs: 1000, now: () => now })
    store.add('k', entry('a', 0))
    expect(store.peek('k', 'b')).toBeUndefined()
    expect(store.take('k', 'b')).toBeUndefined()
    expect(store.take('k', 'a')).toBeDefined()
    expect(store.take('k', 'a')).toBeUndefined()
    store.add('old', entry('a', 0))
    now = 1001
    expect(store.lookup('old')).toBeUndefined()
    expect(store.ownedBy('a')).toBeUndefined()
    // Expired entries make room again.
    store.add('new', entry('a', now))
    expect(store.size).toBe(1)
  })

  it('names an owner by project, embedding page and device together', () => {
    const base = { projectId: 'p', parentOrigin: 'http://a.example', deviceHash: 'd' }
    expect(ownerOf(base)).not.toBe(ownerOf({ ...base, deviceHash: 'e' }))
    expect(ownerOf(base)).not.toBe(ownerOf({ ...base, parentOrigin: 'http://b.example' }))
    expect(ownerOf({ projectId: 'p","x', parentOrigin: 'o', deviceHash: 'd' })).not.toBe(
      ownerOf({ projectId: 'p', parentOrigin: 'x","o', deviceHash: 'd' }),
    )
  })
})
