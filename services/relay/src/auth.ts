import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

export interface VerifiedClient {
  /** The `iss` of the JWT: a did:key of the client's Ed25519 key. Stable across reconnects. */
  clientId: string
  /** The `aud` claim: the relay URL the client was configured with. */
  audience: string
  /** Expiry, seconds since the epoch. */
  expiresAt: number
}

export class AuthError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AuthError'
  }
}

export interface VerifyOptions {
  /** Seconds since the epoch; defaults to the current time. */
  now?: number
  /**
   * Decides whether an `aud` claim names this relay (see audienceMatcher). Required: a token without
   * an audience, or naming another relay, would be good at every relay.
   */
  acceptAudience: (aud: string) => boolean
  /** Longest lifetime (exp - iat, and exp - now) accepted, seconds. Default one day. */
  maxLifetimeSeconds?: number
}

export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60
/** Clock difference tolerated between a client and the relay when judging `exp - now`. */
const CLOCK_SKEW_SECONDS = 5 * 60

/** Longest `aud` accepted (a URL). */
const MAX_AUDIENCE_LENGTH = 2048

/**
 * Verifies a relay client JWT (`@walletconnect/relay-auth` format): EdDSA over the header and
 * payload, `iss` a did:key Ed25519 public key, `exp` in the future and `aud` (required, as the SDK
 * always signs its relayUrl there) naming this relay.
 */
export async function verifyClientJwt(token: string, opts: VerifyOptions): Promise<VerifiedClient> {
  if (typeof token !== 'string' || token.length === 0) throw new AuthError('JWT is missing')
  if (token.split('.').length !== 3) throw new AuthError('JWT is malformed')
  let decoded: ReturnType<typeof decodeJWT>
  try {
    decoded = decodeJWT(token)
  } catch {
    throw new AuthError('JWT is malformed')
  }
  const { header, payload } = decoded
  if (header === null || typeof header !== 'object' || payload === null || typeof payload !== 'object') {
    throw new AuthError('JWT is malformed')
  }
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') throw new AuthError('JWT must use the EdDSA algorithm')
  if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) {
    throw new AuthError('JWT issuer must be a did:key')
  }
  let valid = false
  try {
    valid = await verifyJWT(token)
  } catch (error) {
    throw new AuthError(`JWT issuer is not a valid Ed25519 did:key (${(error as Error).message})`)
  }
  if (!valid) throw new AuthError('JWT signature is invalid')
  const now = opts.now ?? Math.floor(Date.now() / 1000)
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
    throw new AuthError('JWT has no expiry')
  }
  if (payload.exp <= now) throw new AuthError('JWT expired')
  // A stolen long-lived token would be good for years: the SDK signs one-day tokens.
  const maxLifetime = opts.maxLifetimeSeconds ?? MAX_TOKEN_LIFETIME_SECONDS
  const iat = (payload as { iat?: unknown }).iat
  if (iat !== undefined && (typeof iat !== 'number' || !Number.isFinite(iat))) {
    throw new AuthError('JWT issued-at (iat) must be a number')
  }
  if (payload.exp - (iat ?? now) > maxLifetime || payload.exp - now > maxLifetime + CLOCK_SKEW_SECONDS) {
    throw new AuthError(`JWT lifetime is longer than ${maxLifetime} seconds`)
  }
  const aud = (payload as { aud?: unknown }).aud
  if (aud === undefined || aud === null || aud === '') {
    throw new AuthError('JWT has no audience (aud): it must be the relay URL the client connects to')
  }
  if (typeof aud !== 'string' || aud.length > MAX_AUDIENCE_LENGTH) {
    throw new AuthError('JWT audience must be a relay URL')
  }
  if (!opts.acceptAudience(aud))
    throw new AuthError(`JWT audience ${printableAud(aud)} does not name this relay`)
  return { clientId: payload.iss, audience: aud, expiresAt: payload.exp }
}

const printableAud = (aud: string) => JSON.stringify(aud.length > 200 ? `${aud.slice(0, 200)}…` : aud)

/**
 * The default audience rule: the token's `aud` is the relay URL the client was configured with (the
 * SDK signs its relayUrl), so its host and port must be those the client connected to (the request's
 * Host header), or those of one of the extra audiences given to the relay. The port is compared
 * with the scheme's default filled in (ws/http 80, wss/https 443); a Host header without a port (a
 * default one) matches an `aud` on port 80 or 443, the scheme being unknown behind a TLS proxy.
 * `localhost` counts as `127.0.0.1`. The path is not compared.
 */
export function audienceMatcher(requestHost: string | undefined, extra: readonly string[] = []) {
  const accepted: HostPort[] = []
  for (const a of extra) {
    const h = hostOf(a)
    if (h) accepted.push(h)
  }
  const own = requestHost ? hostHeaderOf(requestHost) : undefined
  return (aud: string): boolean => {
    const h = hostOf(aud)
    if (!h) return false
    if (accepted.some((a) => a.hostname === h.hostname && a.port === h.port)) return true
    return (
      own !== undefined &&
      own.hostname === h.hostname &&
      (own.port === undefined ? DEFAULT_PORTS.has(h.port) : own.port === h.port)
    )
  }
}

interface HostPort {
  hostname: string
  /** Explicit, or the scheme's default. */
  port: number
}

const SCHEME_PORTS: Readonly<Record<string, number>> = { 'ws:': 80, 'http:': 80, 'wss:': 443, 'https:': 443 }
const DEFAULT_PORTS = new Set([80, 443])
const canonicalHost = (hostname: string) => {
  const lower = hostname.toLowerCase()
  return lower === 'localhost' ? '127.0.0.1' : lower
}

/** Host and port of a relay URL; undefined for another scheme or credentials in it. */
function hostOf(url: string): HostPort | undefined {
  try {
    const u = new URL(url)
    const schemePort = SCHEME_PORTS[u.protocol]
    if (schemePort === undefined || u.username || u.password || !u.hostname) return undefined
    return { hostname: canonicalHost(u.hostname), port: u.port ? Number(u.port) : schemePort }
  } catch {
    return undefined
  }
}

/** Host header `host[:port]`: the port only when the client named one. */
function hostHeaderOf(header: string): { hostname: string; port: number | undefined } | undefined {
  try {
    const u = new URL(`ws://${header}`)
    if (u.username || u.password || u.pathname !== '/' || u.search || `${u.host}` === '') return undefined
    // new URL drops port 80 for ws: (the default); the header named it, so keep it.
    const named = /:(\d+)$/.exec(header)?.[1]
    return { hostname: canonicalHost(u.hostname), port: named !== undefined ? Number(named) : undefined }
  } catch {
    return undefined
  }
}
