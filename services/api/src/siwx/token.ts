import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a session token vouches for: the account signed in to the project until `exp`. */
export interface SessionClaims {
  /** Project id. */
  p: string
  /** CAIP-10 account, e.g. eip155:1:0xAbc…. */
  a: string
  /** Unix seconds: issued and expiry. */
  iat: number
  exp: number
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url')
const mac = (secret: string, body: string) =>
  createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest()

/** `<claims>.<hmac>`, both base64url: stateless, checked with the service's secret. */
export function signSessionToken(secret: string, claims: SessionClaims): string {
  const body = b64(JSON.stringify(claims))
  return `${body}.${b64(mac(secret, body))}`
}

/** The claims of a token this service signed and that has not expired; undefined otherwise. */
export function readSessionToken(
  secret: string,
  token: string,
  nowSeconds: number,
): SessionClaims | undefined {
  if (token.length > 2048) return undefined
  const [body, sig, extra] = token.split('.')
  if (!body || !sig || extra !== undefined) return undefined
  const expected = mac(secret, body)
  const given = Buffer.from(sig, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  const c = claims as Partial<SessionClaims>
  if (
    typeof c.p !== 'string' ||
    typeof c.a !== 'string' ||
    typeof c.iat !== 'number' ||
    typeof c.exp !== 'number'
  )
    return undefined
  return c.exp > nowSeconds ? (c as SessionClaims) : undefined
}
