import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** How far a signed call's timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300
export const SIGNATURE_HEADER = 'x-portico-onramp-signature'

function mac(secret: string, timestamp: number, requestId: string, method: string, path: string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${requestId}.${method.toUpperCase()} ${path}`)
    .digest('hex')
}

/**
 * The header value the provider service (services/onramp) sends on its calls to /provider/onramp/*:
 * `t=<unix seconds>,id=<32 hex, random per call>,v1=<hex HMAC-SHA256(secret, "<t>.<id>.<METHOD> <path>")>`.
 * Calls carry no body. The receiver takes each id once (providerRoutes.ts), so a call cannot be replayed.
 */
export function signProviderCall(
  secret: string,
  method: string,
  path: string,
  now = Date.now(),
  requestId = randomBytes(16).toString('hex'),
): string {
  const t = Math.floor(now / 1000)
  return `t=${t},id=${requestId},v1=${mac(secret, t, requestId, method, path)}`
}

export interface VerifiedProviderCall {
  requestId: string
  /** Unix seconds after which the signature is outside the window (the id need not be kept longer). */
  expiresAt: number
}

/**
 * The request id of a call `header` signs for this method and path with `secret`, within the
 * tolerance; null otherwise. Never throws. The caller still has to refuse an id it has seen.
 */
export function verifyProviderCall(
  secret: string,
  header: unknown,
  method: string,
  path: string,
  now = Date.now(),
): VerifiedProviderCall | null {
  if (typeof header !== 'string' || header.length > 200) return null
  const match = /^t=(\d{1,12}),id=([0-9a-f]{32}),v1=([0-9a-f]{64})$/.exec(header)
  if (!match) return null
  const t = Number(match[1])
  const requestId = match[2] ?? ''
  if (Math.abs(Math.floor(now / 1000) - t) > SIGNATURE_TOLERANCE_SECONDS) return null
  const expected = Buffer.from(mac(secret, t, requestId, method, path), 'hex')
  const given = Buffer.from(match[3] ?? '', 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { requestId, expiresAt: t + SIGNATURE_TOLERANCE_SECONDS }
}
