/**
 * Apple's check of a Sign in with Apple client secret (developer.apple.com "Creating a client
 * secret"): an ES256 JWT whose header kid is the registered key's id, signed by that key, with
 * iss = the team id, sub = the Services ID (the client id), aud = https://appleid.apple.com, iat and
 * exp, exp at most 15777000 s (six months) after iat. Anything else is not a client secret.
 */
import type { KeyObject } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'

export const APPLE_AUDIENCE = 'https://appleid.apple.com'
export const APPLE_SECRET_MAX_LIFETIME_S = 15_777_000
/** Leeway for the signer's clock on exp and iat; the lifetime bound has none. */
const CLOCK_TOLERANCE_S = 60

export interface AppleSecretCheck {
  publicKey: KeyObject
  keyId: string
  teamId: string
  clientId: string
  now?: () => number
}

/** Why `secret` is not a valid client secret for the registered key, or undefined when it is. */
export async function appleSecretProblem(
  secret: string,
  check: AppleSecretCheck,
): Promise<string | undefined> {
  let kid: unknown
  try {
    kid = decodeProtectedHeader(secret).kid
  } catch {
    return 'not a JWT'
  }
  if (kid !== check.keyId) return 'unknown key id'
  try {
    const { payload } = await jwtVerify(secret, check.publicKey, {
      algorithms: ['ES256'],
      issuer: check.teamId,
      subject: check.clientId,
      audience: APPLE_AUDIENCE,
      requiredClaims: ['iat', 'exp'],
      // Also refuses an iat in the future.
      maxTokenAge: APPLE_SECRET_MAX_LIFETIME_S,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date((check.now ?? Date.now)()),
    })
    if (payload.aud !== APPLE_AUDIENCE) return "audience is not exactly Apple's"
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > APPLE_SECRET_MAX_LIFETIME_S)
      return 'valid for more than six months'
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid'
  }
}
