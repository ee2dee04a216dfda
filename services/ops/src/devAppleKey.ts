/**
 * The dev Sign in with Apple key: a P-256 key, its key id and a team id, derived from a dev seed. The
 * auth frame signs Apple's client-secret JWT with it and the local IdP checks that JWT against its
 * public half, each deriving it from the shared seed: neither needs a key file or the other's config.
 * Dev only: production mode names it as a dev default.
 */
import { createECDH, createHash, createPrivateKey } from 'node:crypto'

export interface DevAppleKey {
  /** The Apple developer team id (the client secret's `iss`). */
  teamId: string
  /** The key id (the client secret's header `kid`): 10 characters, like Apple's. */
  keyId: string
  /** PKCS #8 PEM, as Apple's .p8 file. */
  privateKey: string
}

export const DEV_APPLE_TEAM_ID = 'PORTICODEV'

/** The order of P-256's group: a private scalar is in [1, n - 1]. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

export function deriveDevAppleKey(seed: string): DevAppleKey {
  const digest = createHash('sha256').update(`${seed}:apple-key`).digest('hex')
  const scalar = (BigInt(`0x${digest}`) % (P256_ORDER - 1n)) + 1n
  const d = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex')
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(d)
  // Uncompressed point: 0x04 || x || y.
  const point = ecdh.getPublicKey()
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  })
  return {
    teamId: DEV_APPLE_TEAM_ID,
    keyId: createHash('sha256').update(`${seed}:apple-key-id`).digest('hex').slice(0, 10).toUpperCase(),
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }
}
