/**
 * The dev Sign in with Apple key of the IdP's seed (PORTICO_IDP_CLIENT_SECRET_SEED): the auth frame
 * derives the same one (@portico/ops deriveDevAppleKey) to sign Apple's client-secret JWT.
 */
import { type DevAppleKey, deriveDevAppleKey } from '@portico/ops'

export { DEV_APPLE_TEAM_ID, type DevAppleKey } from '@portico/ops'

export function devAppleKey(seed = 'portico-dev-idp'): DevAppleKey {
  return deriveDevAppleKey(seed)
}
