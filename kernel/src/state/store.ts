import { type Draft, freeze, produce } from 'immer'

export type Listener = () => void

/** A store of immer-produced immutable state: `get`, `update(recipe)`, `subscribe`. */
export interface Store<S> {
  get(): S
  update(recipe: (draft: Draft<S>) => void): void
  subscribe(listener: Listener): () => void
}

export function createStore<S>(initial: S): Store<S> {
  let state = freeze(initial, true)
  const listeners = new Set<Listener>()
  return {
    get: () => state,
    update(recipe) {
      const next = produce(state, recipe)
      if (next === state) return
      state = next
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
