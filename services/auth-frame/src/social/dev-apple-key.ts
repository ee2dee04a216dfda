/**
 * The dev Sign in with Apple key the local IdP registers for its apple client: a P-256 key, its key
 * id and a team id, derived from the dev seed with the IdP's formula (services/idp dev-apple-key.ts;
 * the social tests sign in with Apple through the IdP and fail on drift). The dev stack's Apple
 * provider signs its client-secret JWT with it, so the real Apple code path runs end to end.
 */
import { createECDH, createHash, createPrivateKey } from 'node:crypto'
import type { AppleKey } from './config.ts'
import { DEV_SEED } from './providers.ts'

export const DEV_APPLE_TEAM_ID = 'PORTICODEV'

/** The order of P-256's group: a private scalar is in [1, n - 1]. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

export function devAppleKey(seed = DEV_SEED): AppleKey {
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

const scalarOf = (pem: string) => createPrivateKey(pem).export({ format: 'jwk' }).d

/** Whether `key` is the dev Apple key of one of `seeds`: the same private key, however its PEM is written. */
export function isDevAppleKey(key: AppleKey, seeds: Iterable<string>): boolean {
  let d: string | undefined
  try {
    d = scalarOf(key.privateKey)
  } catch {
    return false
  }
  return [...seeds].some((seed) => d === scalarOf(devAppleKey(seed).privateKey))
}
