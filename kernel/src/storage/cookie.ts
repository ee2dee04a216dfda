import { CHAIN_NAMESPACES } from '@portico/shared-types'
import { UsageError } from '../errors/usage.ts'
import { type AccountSnapshot, isAccountSnapshot } from './accountSnapshot.ts'
import { STORAGE_KEYS } from './keys.ts'
import { defaultBackend, memoryBackend, type StorageBackend } from './storage.ts'

/** The behaviour §3 keys a server render needs: with cookieStorage they travel in cookies, the rest stays local. */
const COOKIE_KEYS: ReadonlySet<string> = new Set([
  STORAGE_KEYS.connectionStatus,
  STORAGE_KEYS.activeNamespace,
  STORAGE_KEYS.activeCaipNetworkId,
  STORAGE_KEYS.connectedNamespaces,
  STORAGE_KEYS.accountSnapshot,
  ...CHAIN_NAMESPACES.map((namespace) => STORAGE_KEYS.connectedConnectorId(namespace)),
])

/** A cookie the kernel writes stays far below the 4 KB browsers allow. */
export const MAX_COOKIE_VALUE_LENGTH = 1024
/** Only this much of a Cookie header is read (it comes from the visitor: never trusted, never unbounded). */
export const MAX_COOKIE_HEADER_LENGTH = 16 * 1024
const ONE_YEAR_S = 365 * 24 * 60 * 60

export interface CookieStorageOptions {
  /** Cookie lifetime; default one year. */
  maxAgeSeconds?: number
  /** Cookie path; default `/`. */
  path?: string
  /** Where the keys a server never needs go (caches, recent wallets); default localStorage. */
  fallback?: StorageBackend
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** Parses a Cookie header (`a=1; b=2`); malformed pairs are skipped, the header is read up to a bound. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (typeof header !== 'string') return cookies
  for (const pair of header.slice(0, MAX_COOKIE_HEADER_LENGTH).split(';')) {
    const equals = pair.indexOf('=')
    if (equals < 0) continue
    const name = decode(pair.slice(0, equals).trim())
    const value = decode(pair.slice(equals + 1).trim())
    if (name && value !== undefined && !cookies.has(name)) cookies.set(name, value)
  }
  return cookies
}

/**
 * Storage like wagmi's `cookieStorage`: the connection keys (status, active network, connector ids and
 * the connected account) in first-party cookies, so a server can render the connected state
 * (`cookieToInitialState`); everything else in `fallback`. Reads nothing until used (safe to import
 * on a server); without `document` the cookie keys read as absent.
 */
export function createCookieStorage(options: CookieStorageOptions = {}): StorageBackend {
  const maxAge = Math.floor(options.maxAgeSeconds ?? ONE_YEAR_S)
  if (!Number.isFinite(maxAge) || maxAge < 0) {
    throw new UsageError(
      'CONFIG_INVALID_COOKIE',
      `Portico: invalid cookie maxAgeSeconds "${options.maxAgeSeconds}"`,
    )
  }
  const path = options.path ?? '/'
  if (!path.startsWith('/') || /[;\s]/.test(path))
    throw new UsageError('CONFIG_INVALID_COOKIE', `Portico: invalid cookie path "${path}"`)
  let fallback = options.fallback
  const local = () => {
    fallback ??= defaultBackend() ?? memoryBackend()
    return fallback
  }
  const write = (key: string, value: string, age: number) => {
    if (typeof document === 'undefined') return
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox/Safari
    document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${age}; SameSite=Lax${secure}`
  }
  return {
    getItem(key) {
      if (!COOKIE_KEYS.has(key)) return local().getItem(key)
      if (typeof document === 'undefined') return null
      return parseCookieHeader(document.cookie).get(key) ?? null
    },
    setItem(key, value) {
      if (!COOKIE_KEYS.has(key)) return local().setItem(key, value)
      if (value.length > MAX_COOKIE_VALUE_LENGTH) {
        throw new UsageError(
          'VALUE_TOO_LONG',
          `value of ${key} is longer than ${MAX_COOKIE_VALUE_LENGTH} characters`,
        )
      }
      write(key, value, maxAge)
    },
    removeItem(key) {
      if (!COOKIE_KEYS.has(key)) return local().removeItem(key)
      write(key, '', 0)
    },
  }
}

/** `createModal({ …, storage: cookieStorage })` / `<PorticoProvider options={{ …, storage: cookieStorage }}>`. */
export const cookieStorage: StorageBackend = createCookieStorage()

/** What a server passes to `<PorticoProvider initialState>`: plain data, the same on server and client. */
export interface PorticoInitialState {
  account?: AccountSnapshot
}

/**
 * Reads the connected account from a request's Cookie header (written by `cookieStorage`), for
 * `<PorticoProvider initialState>`: the server renders it, the client hydrates with the same data.
 */
export function cookieToInitialState(
  cookieHeader: string | null | undefined,
): PorticoInitialState | undefined {
  const cookies = parseCookieHeader(cookieHeader)
  if (cookies.get(STORAGE_KEYS.connectionStatus) !== 'connected') return undefined
  const raw = cookies.get(STORAGE_KEYS.accountSnapshot)
  if (raw === undefined || raw.length > MAX_COOKIE_VALUE_LENGTH) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!isAccountSnapshot(parsed)) return undefined
  const { namespace, address, caipNetworkId } = parsed
  return { account: { namespace, address, caipNetworkId } }
}
