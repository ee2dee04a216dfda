import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

export interface VerifiedClient {
  /** The `iss` of the JWT: a did:key of the client's Ed25519 key. Stable across reconnects. */
  clientId: string
  /** The `aud` claim, when the token had one. */
  audience: string | undefined
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
   * Decides whether an `aud` claim names this relay. Tokens without `aud` are accepted (the
   * claim is optional in the relay-auth format).
   */
  acceptAudience?: (aud: string) => boolean
  /** Longest lifetime (exp - iat, and exp - now) accepted, seconds. Default one day. */
  maxLifetimeSeconds?: number
}

export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60
/** Clock difference tolerated between a client and the relay when judging `exp - now`. */
const CLOCK_SKEW_SECONDS = 5 * 60

/**
 * Verifies a relay client JWT (`@walletconnect/relay-auth` format): EdDSA over the header and
 * payload, `iss` a did:key Ed25519 public key, `exp` in the future and, when present, `aud`
 * naming this relay.
 */
export async function verifyClientJwt(token: string, opts: VerifyOptions = {}): Promise<VerifiedClient> {
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
  if (aud !== undefined && aud !== null && aud !== '') {
    if (typeof aud !== 'string') throw new AuthError('JWT audience must be a string')
    if (opts.acceptAudience && !opts.acceptAudience(aud)) {
      throw new AuthError(`JWT audience ${aud} does not name this relay`)
    }
    return { clientId: payload.iss, audience: aud, expiresAt: payload.exp }
  }
  return { clientId: payload.iss, audience: undefined, expiresAt: payload.exp }
}

/**
 * The default audience rule: the token's `aud` is the relay URL the client was configured with,
 * so its host (host:port) must be the host the client connected to (the request's Host header),
 * or one of the extra audiences given to the relay.
 */
export function audienceMatcher(requestHost: string | undefined, extra: readonly string[] = []) {
  const accepted: HostPort[] = []
  for (const a of extra) {
    const h = hostOf(a)
    if (h) accepted.push(h)
  }
  const own = requestHost ? hostOf(`ws://${requestHost}`) : undefined
  if (own) accepted.push(own)
  return (aud: string): boolean => {
    const h = hostOf(aud)
    // A port left out (the scheme's default, or a proxy in front) matches any port.
    return (
      h !== undefined &&
      accepted.some((a) => a.hostname === h.hostname && (a.port === h.port || a.port === '' || h.port === ''))
    )
  }
}

interface HostPort {
  hostname: string
  port: string
}

function hostOf(url: string): HostPort | undefined {
  try {
    const u = new URL(url)
    if (!['ws:', 'wss:', 'http:', 'https:'].includes(u.protocol)) return undefined
    const hostname = u.hostname.toLowerCase()
    return { hostname: hostname === 'localhost' ? '127.0.0.1' : hostname, port: u.port }
  } catch {
    return undefined
  }
}
