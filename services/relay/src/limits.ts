/** The relay's caps: quotas per connection, client id (JWT iss) and IP, backpressure, token lifetime. */

const MiB = 1024 * 1024

export interface RelayLimits {
  /** Open sockets of one client id. */
  maxSocketsPerClient: number
  /** Open sockets from one IP address. */
  maxSocketsPerIp: number
  /** Topics one connection is subscribed to. */
  maxSubscriptionsPerConnection: number
  /** Subscriptions of one client id over all its sockets. */
  maxSubscriptionsPerClient: number
  /** Subscriptions from one IP address over all its sockets. */
  maxSubscriptionsPerIp: number
  /** Bytes of unexpired messages published by one client id. */
  maxStoredBytesPerClient: number
  /** Bytes of unexpired messages published from one IP address. */
  maxStoredBytesPerIp: number
  /** Bytes of unexpired messages in the whole store. */
  maxStoredBytes: number
  /** Deliveries sent to one connection and not yet acknowledged; more wait in the store. */
  maxInflightPerConnection: number
  /** Above this many bytes queued on a socket, deliveries to it pause. */
  maxBufferedBytes: number
  /** A socket whose queue stays above maxBufferedBytes this long is closed. */
  slowSocketTimeoutMs: number
  /** Frames of one connection received and not yet answered. */
  maxQueuedFramesPerConnection: number
  /** Longest JWT lifetime accepted (exp - iat), seconds. */
  maxTokenLifetimeSeconds: number
}

export const DEFAULT_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxSocketsPerClient: 16,
  maxSocketsPerIp: 500,
  maxSubscriptionsPerConnection: 2_000,
  maxSubscriptionsPerClient: 5_000,
  maxSubscriptionsPerIp: 50_000,
  maxStoredBytesPerClient: 64 * MiB,
  maxStoredBytesPerIp: 256 * MiB,
  maxStoredBytes: 1024 * MiB,
  maxInflightPerConnection: 64,
  maxBufferedBytes: 1 * MiB,
  slowSocketTimeoutMs: 30_000,
  maxQueuedFramesPerConnection: 256,
  maxTokenLifetimeSeconds: 24 * 60 * 60,
})

/** `maxSocketsPerClient` → `PORTICO_RELAY_MAX_SOCKETS_PER_CLIENT`. */
export const envName = (key: keyof RelayLimits): string =>
  `PORTICO_RELAY_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`

export function resolveLimits(overrides: Partial<RelayLimits> = {}): RelayLimits {
  const limits = { ...DEFAULT_LIMITS }
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof RelayLimits>) {
    const v = overrides[key]
    if (v === undefined) continue
    if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) {
      throw new Error(`relay limit ${key} must be a positive integer, got ${String(v)}`)
    }
    limits[key] = v
  }
  return limits
}

/** Limits set in the environment (PORTICO_RELAY_MAX_…); a malformed value throws naming the variable. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Partial<RelayLimits> {
  const out: Partial<RelayLimits> = {}
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof RelayLimits>) {
    const name = envName(key)
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    const n = Number(raw)
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`)
    out[key] = n
  }
  return out
}
