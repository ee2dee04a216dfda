import { describe, expect, it, vi } from 'vitest'
import { createStore } from './store.ts'

describe('createStore', () => {
  it('produces a new frozen state and notifies listeners on change', () => {
    const store = createStore({ count: 0, nested: { a: 1 } })
    const before = store.get()
    const listener = vi.fn()
    store.subscribe(listener)
    store.update((draft) => {
      draft.count = 1
    })
    expect(store.get().count).toBe(1)
    expect(store.get().nested).toBe(before.nested)
    expect(Object.isFrozen(store.get())).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('does not notify when a recipe changes nothing, and stops after unsubscribe', () => {
    const store = createStore({ count: 0 })
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.update(() => {})
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
    store.update((draft) => {
      draft.count = 2
    })
    expect(listener).not.toHaveBeenCalled()
  })
})
