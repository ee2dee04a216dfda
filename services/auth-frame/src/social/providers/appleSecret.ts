/**
 * Sign in with Apple's client secret: not a fixed string but an ES256 JWT signed with the team's
 * Sign in with Apple key (.p8): iss = team id, sub = the Services ID (client id), aud =
 * https://appleid.apple.com, kid = the key id, at most six months long. Made on demand and reused
 * until shortly before it expires.
 */
import { importPKCS8, SignJWT } from 'jose'
import type { AppleKey } from '../config.ts'

export const APPLE_AUDIENCE = 'https://appleid.apple.com'
/** One hour: short enough that a leaked secret dies soon, long enough to reuse across logins. */
const LIFETIME_S = 3600

export function appleClientSecret(key: AppleKey, clientId: string, now: () => number = Date.now) {
  let cached: { jwt: string; expiresAt: number } | undefined
  const privateKey = importPKCS8(key.privateKey, 'ES256')
  privateKey.catch(() => {})
  return async (): Promise<string> => {
    const nowS = Math.floor(now() / 1000)
    if (cached && cached.expiresAt - 300 > nowS) return cached.jwt
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + LIFETIME_S)
      .sign(await privateKey)
    cached = { jwt, expiresAt: nowS + LIFETIME_S }
    return jwt
  }
}
