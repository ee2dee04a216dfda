/**
 * Stale-while-revalidate for balances (behaviour §9 cache lifetimes). A cached answer younger than
 * its 30 s lifetime is shown at once; it is read again unless it is younger than this window. The
 * window only merges the burst of reads one connect, network switch or open makes (several events
 * within milliseconds); past it, funds that arrived outside the app show on the next open.
 */
export const BALANCE_FRESH_MS = 5_000

export interface CachedAnswer<T> {
  value: T
  ageMs: number
}

export interface Revalidation<T> {
  /** What to show now (the cached answer), if anything. */
  show?: T
  /** Whether to read from the source and replace what is shown. */
  read: boolean
}

/** `force` (after the app's own send, or a view that needs the truth) ignores the cache entirely. */
export function revalidation<T>(
  cached: CachedAnswer<T> | undefined,
  force: boolean,
  freshMs = BALANCE_FRESH_MS,
): Revalidation<T> {
  if (force || !cached) return { read: true }
  return { show: cached.value, read: cached.ageMs >= freshMs }
}
