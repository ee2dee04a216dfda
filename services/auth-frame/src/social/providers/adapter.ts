/** What each provider's adapter does: build the authorization URL, and turn the callback into who signed in. */

/** The per-login secrets kept server-side between the redirect and the callback. */
export interface LoginChecks {
  state: string
  nonce: string
  /** PKCE code verifier (S256). */
  verifier: string
  redirectUri: string
}

/** The provider's answer, not yet cleaned for display (oauth.ts does that once for every provider). */
export interface ProviderIdentity {
  subject: string
  /** Only an address the provider says is verified. */
  email?: unknown
  userName?: unknown
  name?: unknown
}

export interface ProviderAdapter {
  authorizationUrl(checks: LoginChecks): Promise<URL>
  /** Exchanges the code (once) and names the identity; throws when it cannot be trusted. */
  finish(callback: URL, checks: LoginChecks): Promise<ProviderIdentity>
}

/** A provider's stable id: decimal digits (GitHub, Discord snowflakes, X), never an empty or huge string. */
export function numericId(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : value
  return typeof text === 'string' && /^[1-9][0-9]{0,19}$/.test(text) ? text : undefined
}
