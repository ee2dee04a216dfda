/** The social providers the local IdP plays (behaviour §4: google, github, apple, facebook, x, discord). */
import { createHash } from 'node:crypto'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number]

export const PROVIDER_NAMES: Record<SocialProviderId, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/** Played by the OpenID Connect provider at the IdP's root; the others have their own mode (src/modes). */
export const OIDC_MODE_PROVIDERS = [
  'google',
  'apple',
  'facebook',
] as const satisfies readonly SocialProviderId[]
export type OidcModeProviderId = (typeof OIDC_MODE_PROVIDERS)[number]

export function isOidcModeProvider(value: unknown): value is OidcModeProviderId {
  return typeof value === 'string' && (OIDC_MODE_PROVIDERS as readonly string[]).includes(value)
}

export function isSocialProvider(value: unknown): value is SocialProviderId {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}

/**
 * The dev client secret of a provider's client. Both the IdP and the auth frame's backend derive it
 * from one shared dev seed (PORTICO_IDP_CLIENT_SECRET_SEED), so neither needs the other's config.
 */
export function devClientSecret(provider: SocialProviderId, seed = 'portico-dev-idp'): string {
  return createHash('sha256').update(`${seed}:client:${provider}`).digest('base64url')
}

export interface DevUser {
  email: string
  username: string
}

/** The dev users the sign-in page offers for a provider (any other email + username can be typed). */
export function devUsers(provider: SocialProviderId): DevUser[] {
  return [
    { email: 'alice@portico.dev', username: `alice_${provider}` },
    { email: 'bob@portico.dev', username: `bob_${provider}` },
  ]
}

/**
 * A stable subject per (provider, email): the same dev user keeps it across restarts. OpenID Connect
 * subjects are opaque strings; GitHub, Discord and X ids are decimal numbers (48 bits here, a safe
 * integer for GitHub's numeric `id`).
 */
export function subjectFor(provider: SocialProviderId, email: string): string {
  const digest = createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest()
  if (isOidcModeProvider(provider)) return digest.toString('base64url').slice(0, 24)
  return String(digest.readUIntBE(0, 6) || 1)
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/
const USERNAME = /^[A-Za-z0-9_.-]{1,39}$/

/** Checks a typed dev user; returns an error message or undefined. */
export function checkDevUser(email: string, username: string): string | undefined {
  if (email.length > 254 || !EMAIL.test(email)) return 'Enter a valid email address'
  if (!USERNAME.test(username)) return 'A username is 1–39 letters, digits, dots, dashes or underscores'
  return undefined
}
