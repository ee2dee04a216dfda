/**
 * The frame's credentials live in cookies of the frame's own origin, never in a message to the page:
 * `HttpOnly` (no script reads them, not even the frame's), `Partitioned` (CHIPS: kept per embedding site,
 * and still allowed where third-party cookies are blocked), `SameSite=None; Secure` (sent from the
 * cross-site iframe; browsers treat loopback http as secure, production serves https). The `__Host-`
 * prefix pins them to this host and path `/`.
 */
export const SESSION_COOKIE = '__Host-portico_session'
export const DEVICE_COOKIE = '__Host-portico_device'

/** A device is remembered a year; a session cookie lives as long as the session may (its cap). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 86_400

const SECRET = /^[A-Za-z0-9_-]{43}$/

/** The value of `name` in a Cookie header when it is a well-formed secret, else undefined. */
export function cookieSecret(header: unknown, name: string): string | undefined {
  if (typeof header !== 'string' || header.length > 8192) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    const value = part.slice(index + 1).trim()
    return SECRET.test(value) ? value : undefined
  }
  return undefined
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; Secure; HttpOnly; SameSite=None; Partitioned`
}

export const clearCookie = (name: string) => setCookie(name, '', 0)
