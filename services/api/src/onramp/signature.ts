import { createHmac, timingSafeEqual } from 'node:crypto'

/** How far a signed call's timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300
export const SIGNATURE_HEADER = 'x-portico-onramp-signature'

function mac(secret: string, timestamp: number, method: string, path: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${method.toUpperCase()} ${path}`).digest('hex')
}

/**
 * The header value the provider service (services/onramp) sends on its calls to /provider/onramp/*:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<METHOD> <path>")>`. Calls carry no body.
 */
export function signProviderCall(secret: string, method: string, path: string, now = Date.now()): string {
  const t = Math.floor(now / 1000)
  return `t=${t},v1=${mac(secret, t, method, path)}`
}

/** Whether `header` signs this method and path with `secret`, within the tolerance. Never throws. */
export function verifyProviderCall(
  secret: string,
  header: unknown,
  method: string,
  path: string,
  now = Date.now(),
): boolean {
  if (typeof header !== 'string' || header.length > 200) return false
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header)
  if (!match) return false
  const t = Number(match[1])
  if (Math.abs(Math.floor(now / 1000) - t) > SIGNATURE_TOLERANCE_SECONDS) return false
  const expected = Buffer.from(mac(secret, t, method, path), 'hex')
  const given = Buffer.from(match[2] ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
