/**
 * Addresses a chain answered "not a token" for (no code, or no ERC-20/721 metadata), remembered for
 * a while so that asking again costs no chain call. Bounded: the oldest entries go first.
 */
export interface NegativeCache {
  has(key: string): boolean
  add(key: string): void
  readonly size: number
}

export function createNegativeCache(
  opts: { ttlMs: number; maxEntries: number },
  now: () => number = Date.now,
): NegativeCache {
  const until = new Map<string, number>()
  return {
    has(key) {
      const expiry = until.get(key)
      if (expiry === undefined) return false
      if (expiry > now()) return true
      until.delete(key)
      return false
    },
    add(key) {
      until.delete(key)
      until.set(key, now() + opts.ttlMs)
      while (until.size > opts.maxEntries) {
        const oldest = until.keys().next().value
        if (oldest === undefined) break
        until.delete(oldest)
      }
    },
    get size() {
      return until.size
    },
  }
}
