/**
 * The dev Sign in with Apple key the local IdP registers for its apple client, derived from the dev
 * seed as the IdP derives it (@portico/ops deriveDevAppleKey). The dev stack's Apple provider signs its
 * client-secret JWT with it, so the real Apple code path runs end to end.
 */
import { createPrivateKey } from 'node:crypto'
import { deriveDevAppleKey } from '@portico/ops'
import type { AppleKey } from './config.ts'
import { DEV_SEED } from './providers.ts'

export { DEV_APPLE_TEAM_ID } from '@portico/ops'

export function devAppleKey(seed = DEV_SEED): AppleKey {
  return deriveDevAppleKey(seed)
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
