/** The social providers (behaviour §9 socials, farcaster apart), how each is spoken to, and the dev secrets. */
import { createHash } from 'node:crypto'

export const OIDC_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OidcProviderId = (typeof OIDC_PROVIDERS)[number]
/** Every OAuth provider id (the name predates providers that are not OpenID Connect). */
export const SOCIAL_PROVIDERS = OIDC_PROVIDERS
export type SocialProviderId = OidcProviderId

/**
 * OpenID Connect: an ID token proves who signed in (discovery, JWKS). The others are OAuth 2 only:
 * the access token reads the provider's own user API.
 */
export const PROTOCOL = {
  google: 'oidc',
  apple: 'oidc',
  facebook: 'oidc',
  github: 'github',
  discord: 'discord',
  x: 'x',
} as const satisfies Record<SocialProviderId, string>

export function isOidcProvider(value: unknown): value is OidcProviderId {
  return typeof value === 'string' && (OIDC_PROVIDERS as readonly string[]).includes(value)
}

export const DEV_SEED = 'portico-dev-idp'

/**
 * The dev client secret of a provider's client, derived from the seed the local IdP uses too
 * (services/idp providers.ts devClientSecret; the social tests run both sides and fail on drift).
 */
export function devClientSecret(provider: OidcProviderId, seed = DEV_SEED): string {
  return createHash('sha256').update(`${seed}:client:${provider}`).digest('base64url')
}

export const CALLBACK_PATH = '/social/callback'
