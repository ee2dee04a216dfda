/**
 * Answers kept per account (balances, history pages), bounded in entries and in age, dropped as soon
 * as the indexer sees the account in a new block (`invalidate`). Loads of one key run once at a time
 * (requests for it wait on the same load); a load that started before its account was invalidated
 * still answers the requests that waited for it but is not kept, so no answer older than the
 * invalidation is served afterwards. With `maxBytes`, the kept values' summed `weigh` is bounded too
 * (least recently used out first; a value heavier than the whole budget answers its requests only).
 */
export interface AccountCacheOptions<T = unknown> {
  ttlMs: number
  maxEntries: number
  /** Bound on the sum of `weigh(value)` over the kept values (with weigh). */
  maxBytes?: number
  weigh?: (value: T) => number
}

export interface AccountCache<T> {
  /** The kept value of key when younger than ttlMs. */
  get(key: string): T | undefined
  /**
   * The kept value, else one load shared by every request for the same `flight` (default: key)
   * meanwhile, kept under key. `refresh` skips the kept value (the caller found it out of date).
   */
  load(
    key: string,
    account: string,
    loader: () => Promise<T>,
    opts?: { flight?: string; refresh?: boolean },
  ): Promise<T>
  /** Drops the values of these accounts (lower-case) and the loads in flight for them. */
  invalidate(accounts: Iterable<string>): void
  clear(): void
  readonly size: number
  /** Summed weight of the kept values (0 without weigh). */
  readonly bytes: number
}

interface Load<T> {
  account: string
  promise: Promise<T>
  state: { stale: boolean }
}

interface Entry<T> {
  account: string
  value: T
  expires: number
  bytes: number
}

export function createAccountCache<T>(
  opts: AccountCacheOptions<T>,
  now: () => number = Date.now,
): AccountCache<T> {
  const entries = new Map<string, Entry<T>>()
  const maxBytes = opts.maxBytes ?? Number.POSITIVE_INFINITY
  let bytes = 0
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }
  /** Loads running; one invalidated while it runs is marked stale and not kept. */
  const inFlight = new Map<string, Load<T>>()

  const get = (key: string): T | undefined => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now()) {
      remove(key)
      return undefined
    }
    // Most recently used last: the first key is the one to evict.
    entries.delete(key)
    entries.set(key, entry)
    return entry.value
  }

  const keep = (key: string, account: string, value: T) => {
    remove(key)
    const weight = opts.weigh ? opts.weigh(value) : 0
    if (weight > maxBytes) return
    entries.set(key, { account, value, expires: now() + opts.ttlMs, bytes: weight })
    bytes += weight
    while (entries.size > opts.maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      remove(oldest)
    }
  }

  return {
    get,
    load(key, account, loader, opts = {}) {
      if (!opts.refresh) {
        const hit = get(key)
        if (hit !== undefined) return Promise.resolve(hit)
      }
      const flight = opts.flight ?? key
      const running = inFlight.get(flight)
      if (running) return running.promise
      const state = { stale: false }
      const done = () => {
        if (inFlight.get(flight)?.promise === promise) inFlight.delete(flight)
      }
      const promise = loader().then(
        (value) => {
          done()
          if (!state.stale) keep(key, account, value)
          return value
        },
        (err: unknown) => {
          done()
          throw err
        },
      )
      inFlight.set(flight, { account, promise, state })
      return promise
    },
    invalidate(accounts) {
      const dropped = new Set(accounts)
      if (dropped.size === 0) return
      for (const [key, entry] of entries) if (dropped.has(entry.account)) remove(key)
      for (const [key, load] of inFlight)
        if (dropped.has(load.account)) {
          load.state.stale = true
          inFlight.delete(key)
        }
    },
    clear() {
      entries.clear()
      bytes = 0
      for (const load of inFlight.values()) load.state.stale = true
      inFlight.clear()
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
  }
}
