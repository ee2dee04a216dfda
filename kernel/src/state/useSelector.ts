import { useSyncExternalStore } from 'react'
import type { Store } from './store.ts'

/** Reads a slice of a store and re-renders only when that slice changes (by reference). */
export function useSelector<S, T>(store: Store<S>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  )
}
