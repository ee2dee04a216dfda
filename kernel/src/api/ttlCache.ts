import type { Logger } from '@portico/shared-types/plugin'
import * as v from 'valibot'

/** The part of localStorage the caches use. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface TtlCache<T> {
  /** The fresh value for `key`, or undefined when absent, expired or unreadable. */
  get(key: string): T | undefined
  /** The fresh value for `key` with how long ago it was stored, or undefined like `get`. */
  entry(key: string): { value: T; ageMs: number } | undefined
  set(key: string, value: T): void
  remove(key: string): void
  clear(): void
}

export interface TtlCacheOptions<T> {
  storage: StorageLike | undefined
  storageKey: string
  ttlMs: number
  /** Checks each stored value on read: storage is shared with other code and other versions. */
  schema: v.GenericSchema<unknown, T>
  now?: () => number
  log?: Pick<Logger, 'warn'>
}

/** One storage key per cache, holding `{ [key]: { value, timestamp } }`. */
const StoredRecord = v.record(v.string(), v.object({ value: v.unknown(), timestamp: v.number() }))
type StoredRecord = v.InferOutput<typeof StoredRecord>

export function createTtlCache<T>({
  storage,
  storageKey,
  ttlMs,
  schema,
  now = Date.now,
  log = console,
}: TtlCacheOptions<T>): TtlCache<T> {
  // behaviour §8: storage failures are logged only.
  function attempt<R>(what: string, run: () => R): R | undefined {
    try {
      return run()
    } catch (error) {
      log.warn(`cache ${storageKey}: ${what} failed`, error)
      return undefined
    }
  }

  function read(): StoredRecord {
    const raw = attempt('read', () => storage?.getItem(storageKey))
    if (!raw) return {}
    const parsed = v.safeParse(
      StoredRecord,
      attempt('parse', () => JSON.parse(raw)),
    )
    if (!parsed.success) log.warn(`cache ${storageKey}: ignoring a malformed value`)
    return parsed.success ? parsed.output : {}
  }

  function write(record: StoredRecord): void {
    attempt('write', () =>
      Object.keys(record).length
        ? storage?.setItem(storageKey, JSON.stringify(record))
        : storage?.removeItem(storageKey),
    )
  }

  const isFresh = (timestamp: number, at: number) => at - timestamp >= 0 && at - timestamp < ttlMs

  function freshEntries(): StoredRecord {
    const at = now()
    return Object.fromEntries(Object.entries(read()).filter(([, entry]) => isFresh(entry.timestamp, at)))
  }

  function entry(key: string): { value: T; ageMs: number } | undefined {
    const stored = read()[key]
    const at = now()
    if (!stored || !isFresh(stored.timestamp, at)) return undefined
    const value = v.safeParse(schema, stored.value)
    return value.success ? { value: value.output, ageMs: at - stored.timestamp } : undefined
  }

  return {
    get: (key) => entry(key)?.value,
    entry,
    set(key, value) {
      write({ ...freshEntries(), [key]: { value, timestamp: now() } })
    },
    remove(key) {
      const { [key]: _removed, ...rest } = freshEntries()
      write(rest)
    },
    clear() {
      attempt('clear', () => storage?.removeItem(storageKey))
    },
  }
}
