import { describe, expect, it } from 'vitest'
import { createNonceStore } from './nonces.ts'

function clockedStore(maxOutstanding = 3) {
  let t = 1_000_000
  const store = createNonceStore({ ttlMs: 1000, maxOutstanding, now: () => t })
  return { store, advance: (ms: number) => (t += ms) }
}

describe('sign-in nonce store', () => {
  it('lets a nonce be taken once, by its project, before it expires', () => {
    const { store, advance } = clockedStore()
    const a = store.issue('p')?.nonce ?? ''
    expect(store.take(a, 'p')).toBe('ok')
    expect(store.take(a, 'p')).toBe('unknown')
    const b = store.issue('p')?.nonce ?? ''
    expect(store.take(b, 'q')).toBe('other-project')
    expect(store.take(b, 'p')).toBe('unknown')
    const c = store.issue('p')?.nonce ?? ''
    advance(1000)
    expect(store.take(c, 'p')).toBe('expired')
  })

  it('bounds outstanding nonces and frees the expired ones', () => {
    const { store, advance } = clockedStore(3)
    for (let i = 0; i < 3; i++) expect(store.issue('p')).toBeDefined()
    expect(store.issue('p')).toBeUndefined()
    advance(1001)
    expect(store.size()).toBe(0)
    expect(store.issue('p')).toBeDefined()
  })
})
