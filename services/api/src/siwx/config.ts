import { randomBytes } from 'node:crypto'

export interface SiwxConfig {
  /**
   * Origins a project's sign-in messages may name (their `URI` origin; the domain must be its host),
   * by project id: `{ "my-project": ["https://app.example.com"] }`. A project without an entry:
   * `defaultOrigins` ('localhost': any http(s)://localhost|127.0.0.1 origin; [] none).
   */
  origins: Record<string, string[]>
  defaultOrigins: 'localhost' | string[]
  /** How long an issued nonce can be used. */
  nonceTtlSeconds: number
  /**
   * HMAC key of nonces (hex, ≥ 32 bytes): every node verifying sign-ins needs the same one. Unset:
   * read from `nonceKeyFile` (generated there outside production), else random per process.
   */
  nonceKey?: string
  /** File holding the nonce key ('' none). The API's default is services/api/.data/siwx-nonce-key. */
  nonceKeyFile: string
  /** Production never generates a nonce key: without `nonceKey` or an existing `nonceKeyFile` it refuses to start. */
  production: boolean
  /**
   * Nonces one client (IP address, an IPv6 one by its /64) may use per project while their records
   * are kept (until the nonce expires): bounds what single use stores. More → 429.
   */
  maxNoncesPerIp: number
  /** Longest message accepted, in UTF-8 bytes. */
  maxMessageBytes: number
  /** A session lasts until the message's Expiration Time, at most this long. */
  maxSessionSeconds: number
  /** How far Issued At / Not Before may be ahead of this service's clock. */
  clockSkewSeconds: number
  /** CAIP-2 networks accepted beyond the served chains and the supported list (e.g. a local Solana node). */
  extraChains: string[]
  /** HMAC key of session tokens (hex, ≥ 32 bytes). Default: random per process (tokens die with it). */
  tokenSecret: string
}

export type SiwxConfigInput = Partial<SiwxConfig>

export function resolveSiwxConfig(input: SiwxConfigInput = {}): SiwxConfig {
  const config: SiwxConfig = {
    origins: {},
    defaultOrigins: 'localhost',
    nonceTtlSeconds: 300,
    nonceKeyFile: '',
    production: false,
    maxNoncesPerIp: 1000,
    maxMessageBytes: 4096,
    maxSessionSeconds: 7 * 86_400,
    clockSkewSeconds: 60,
    extraChains: [],
    tokenSecret: randomBytes(32).toString('hex'),
    ...input,
  }
  if (!/^[0-9a-f]{64,}$/i.test(config.tokenSecret))
    throw new Error('siwx.tokenSecret must be at least 32 bytes of hex')
  if (config.nonceKey !== undefined && !/^([0-9a-f]{2}){32,}$/i.test(config.nonceKey))
    throw new Error('siwx.nonceKey (PORTICO_SIWX_NONCE_KEY) must be at least 32 bytes of hex')
  if (!Number.isSafeInteger(config.maxNoncesPerIp) || config.maxNoncesPerIp < 1)
    throw new Error('siwx.maxNoncesPerIp must be a positive whole number')
  for (const origins of [...Object.values(config.origins), config.defaultOrigins])
    if (Array.isArray(origins))
      for (const origin of origins)
        if (new URL(origin).origin !== origin)
          throw new Error(`siwx origin "${origin}" must be a bare origin`)
  return config
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a project may name this origin in its sign-in messages. */
export function originAllowed(config: SiwxConfig, projectId: string, origin: URL): boolean {
  const allowed = config.origins[projectId] ?? config.defaultOrigins
  if (allowed === 'localhost')
    return (origin.protocol === 'http:' || origin.protocol === 'https:') && LOOPBACK.has(origin.hostname)
  return allowed.includes(origin.origin)
}
