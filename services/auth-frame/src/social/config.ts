/**
 * Per-provider configuration: who we are at each provider (client id and secret, Apple's signing key),
 * what we ask for (scopes) and where it answers (an OIDC issuer, or the OAuth 2 endpoints and user
 * API). A provider without an entry is not offered (GET_SOCIAL_REDIRECT_URI answers 'Unknown social
 * provider'). Defaults are each provider's documented production endpoints.
 */
import { PROTOCOL, type SocialProviderId } from './providers.ts'

export interface AppleKey {
  /** The Apple developer team id (the client-secret JWT's `iss`). */
  teamId: string
  /** The Sign in with Apple key's id (the JWT header's `kid`). */
  keyId: string
  /** The key's .p8 file content (PKCS #8 PEM, P-256). */
  privateKey: string
}

export interface ProviderConfig {
  clientId: string
  /** Required but for Apple with `appleKey` (the secret is then a JWT made per token request). */
  clientSecret?: string
  appleKey?: AppleKey
  scopes: string[]
  /** OpenID Connect providers: the issuer (discovery at /.well-known/openid-configuration). */
  issuer?: string
  /** OAuth 2 providers: the endpoints (the user API's addresses included). */
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userEndpoint?: string
  /** GitHub: the emails list (the profile's email may be unverified or hidden). */
  emailsEndpoint?: string
  /**
   * OpenID Connect without usable discovery (Facebook's lists no token endpoint): with
   * authorizationEndpoint, tokenEndpoint and jwksUri set, discovery is skipped.
   */
  jwksUri?: string
}

export interface FarcasterConfig {
  /** The Sign-In-With-Farcaster relay (channels, status). */
  relayUrl: string
  /** An Optimism JSON-RPC for custody lookups; without it the relay's /v1/fid/:fid answers (dev only). */
  rpcUrl?: string
  /** The IdRegistry contract on that chain (default: Optimism's). */
  idRegistry?: string
}

export interface SocialConfig {
  providers: Partial<Record<SocialProviderId, ProviderConfig>>
  farcaster?: FarcasterConfig
}

/** Farcaster's IdRegistry on OP Mainnet (docs.farcaster.xyz, contracts reference). */
export const OPTIMISM_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** The documented production endpoints and the scopes that name the user and their email. */
export const PROVIDER_DEFAULTS: Record<SocialProviderId, Omit<ProviderConfig, 'clientId'>> = {
  google: { issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'] },
  apple: { issuer: 'https://appleid.apple.com', scopes: ['openid', 'email', 'name'] },
  // Facebook's OIDC code flow with PKCE (developers.facebook.com "OIDC Code Flow with PKCE for
  // Manually Built Facebook Login Flows"); its discovery document has no token endpoint.
  facebook: {
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    jwksUri: 'https://www.facebook.com/.well-known/oauth/openid/jwks/',
    scopes: ['openid', 'email', 'public_profile'],
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userEndpoint: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
  },
}

/** The problems of one provider's entry (empty when usable). */
export function providerConfigProblems(id: SocialProviderId, config: ProviderConfig): string[] {
  const problems: string[] = []
  if (!config.clientId) problems.push(`${id}: no client id`)
  if (!config.clientSecret && !(id === 'apple' && config.appleKey))
    problems.push(`${id}: no client secret${id === 'apple' ? ' (or Apple key)' : ''}`)
  const urls =
    PROTOCOL[id] === 'oidc'
      ? {
          issuer: config.issuer,
          ...(config.jwksUri
            ? {
                authorizationEndpoint: config.authorizationEndpoint,
                tokenEndpoint: config.tokenEndpoint,
                jwksUri: config.jwksUri,
              }
            : {}),
        }
      : {
          authorizationEndpoint: config.authorizationEndpoint,
          tokenEndpoint: config.tokenEndpoint,
          userEndpoint: config.userEndpoint,
          ...(id === 'github' ? { emailsEndpoint: config.emailsEndpoint } : {}),
        }
  for (const [name, value] of Object.entries(urls)) {
    if (!value || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      problems.push(`${id}: ${name} is not an http(s) URL`)
  }
  if (config.scopes.length === 0) problems.push(`${id}: no scopes`)
  return problems
}

/** Throws on any unusable provider entry: a typo must stop the start, not a visitor's login. */
export function checkSocialConfig(config: SocialConfig): SocialConfig {
  const problems = Object.entries(config.providers).flatMap(([id, entry]) =>
    entry ? providerConfigProblems(id as SocialProviderId, entry) : [],
  )
  if (config.farcaster && !URL.canParse(config.farcaster.relayUrl))
    problems.push('farcaster: relayUrl is not a URL')
  if (problems.length > 0) throw new Error(`Social login configuration: ${problems.join('; ')}`)
  return config
}
