/**
 * The SDK's key-value storage, kept in the SDK's own IndexedDB database and format, so sessions the
 * SDK's default storage wrote are found, and the reverse. The default reads key by key, and first polls
 * every 20 ms until a one-off localStorage migration check ends: 90–300 ms of a pairing's start on a
 * fresh page (SDK setup 9–25 ms with this one). This one reads the whole store in one transaction,
 * started as soon as WalletConnect is likely, answers from memory and writes through in order.
 */
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json'
import { createStore, del, entries, set } from 'idb-keyval'
import { PorticoError } from '../../errors/base.ts'

/** The SDK default's database and table (@walletconnect/keyvaluestorage). */
const DATABASE = 'WALLET_CONNECT_V2_INDEXED_DB'
const TABLE = 'keyvaluestorage'
/** A value larger than this is not kept: the SDK's records are a few KB at most. */
const MAX_VALUE_CHARS = 4 << 20

/** Where the values live: read whole once, then written key by key (`undefined` deletes). */
export interface StorageBackend {
  load(): Promise<[IDBValidKey, unknown][]>
  write(key: string, value: string | undefined): Promise<void>
}

/** The IKeyValueStorage the SDK takes (`storage` option). */
export interface SdkStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** The key normalisation of unstorage, through which the SDK's default storage writes. */
export const normalizeKey = (key: string) =>
  key.replace(/[/\\]/g, ':').replace(/:+/g, ':').replace(/^:|:$/g, '')

export function indexedDbBackend(): StorageBackend {
  const store = createStore(DATABASE, TABLE)
  return {
    load: () => entries(store),
    write: (key, value) => (value === undefined ? del(key, store) : set(key, value, store)),
  }
}

export function createSdkStorage(
  backend: StorageBackend,
  warn: (message: string, error?: unknown) => void,
): SdkStorage {
  const values = new Map<string, string>()
  const loaded = backend.load().then(
    (stored) => {
      for (const [key, value] of stored)
        if (typeof key === 'string' && typeof value === 'string' && value.length <= MAX_VALUE_CHARS)
          values.set(key, value)
    },
    (error: unknown) =>
      warn('Portico: WalletConnect storage unavailable; sessions last for this page', error),
  )
  let writes: Promise<void> = loaded
  let failed = false
  const persist = (key: string, value: string | undefined) => {
    writes = writes
      .then(() => backend.write(key, value))
      .catch((error: unknown) => {
        if (!failed) warn('Portico: a WalletConnect record was not stored', error)
        failed = true
      })
  }
  const read = <T>(raw: string): T => safeJsonParse(raw) as T
  return {
    async getKeys() {
      await loaded
      return [...values.keys()]
    },
    async getEntries<T>() {
      await loaded
      return [...values].map(([key, raw]): [string, T] => [key, read<T>(raw)])
    },
    async getItem<T>(key: string) {
      await loaded
      const raw = values.get(normalizeKey(key))
      return raw === undefined ? undefined : read<T>(raw)
    },
    // Resolves once kept in memory; the write to the database follows in order (a few ms).
    async setItem(key, value) {
      await loaded
      const normalized = normalizeKey(key)
      const raw = safeJsonStringify(value)
      values.set(normalized, raw)
      persist(normalized, raw)
    },
    async removeItem(key) {
      await loaded
      const normalized = normalizeKey(key)
      values.delete(normalized)
      persist(normalized, undefined)
    },
  }
}

let shared: SdkStorage | undefined

/** The page's one SDK storage (one database per origin), its read started on first ask. */
export function sdkStorage(warn: (message: string, error?: unknown) => void): SdkStorage {
  shared ??= createSdkStorage(
    typeof indexedDB === 'undefined'
      ? {
          load: () => Promise.reject(new PorticoError('WALLETCONNECT_NO_INDEXEDDB', 'no IndexedDB')),
          write: async () => undefined,
        }
      : indexedDbBackend(),
    warn,
  )
  return shared
}
