/** The social providers played by the IdP and their dev client secrets. */
import { createHash } from 'node:crypto'

export const OIDC_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OidcProviderId = (typeof OIDC_PROVIDERS)[number]

export function isOidcProvider(value: unknown): value is OidcProviderId {
  return typeof value === 'string' && (OIDC_PROVIDERS as readonly string[]).includes(value)
}

/**
 * The dev client secret of a provider's client, derived from the seed the local IdP uses too
 * (services/idp providers.ts devClientSecret; the social tests run both sides and fail on drift).
 */
export function devClientSecret(provider: OidcProviderId, seed = 'portico-dev-idp'): string {
  return createHash('sha256').update(`${seed}:client:${provider}`).digest('base64url')
}

export const CALLBACK_PATH = '/social/callback'
