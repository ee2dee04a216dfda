/** The social providers the local IdP plays (SPEC §4: google, github, apple, facebook, x, discord). */
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

/** A stable, opaque subject per (provider, email): the same dev user keeps their `sub` across restarts. */
export function subjectFor(provider: SocialProviderId, email: string): string {
  return createHash('sha256')
    .update(`${provider}:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 24)
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/
const USERNAME = /^[A-Za-z0-9_.-]{1,39}$/

/** Checks a typed dev user; returns an error message or undefined. */
export function checkDevUser(email: string, username: string): string | undefined {
  if (email.length > 254 || !EMAIL.test(email)) return 'Enter a valid email address'
  if (!USERNAME.test(username)) return 'A username is 1–39 letters, digits, dots, dashes or underscores'
  return undefined
}
