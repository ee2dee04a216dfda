/**
 * OAuth 2 providers that are not OpenID Connect (GitHub, Discord, X): code + state + PKCE through
 * openid-client against the configured endpoints, then the provider's own user API with the access
 * token (profile.ts of each provider reads its documented answer shape).
 */
import * as client from 'openid-client'
import type { ProviderConfig } from '../config.ts'
import type { LoginChecks, ProviderAdapter, ProviderIdentity } from './adapter.ts'
import { harden } from './client.ts'

export interface OAuth2AdapterOptions {
  config: ProviderConfig
  /** How the token endpoint takes the client's credentials (X: HTTP Basic; GitHub, Discord: the body). */
  clientAuth: 'post' | 'basic'
  /** Reads the user API with the access token. */
  profile: (accessToken: string, config: ProviderConfig) => Promise<ProviderIdentity>
}

/**
 * HTTP Basic with the id and secret as they are (X's documented header). openid-client's
 * ClientSecretBasic form-encodes both first (RFC 6749 §2.3.1), turning a secret's `-` or `_` into
 * %2D / %5F, which a server that does not decode them refuses.
 */
function plainBasic(clientId: string, secret: string): client.ClientAuth {
  return (_as, _client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`)
  }
}

export function createOAuth2Adapter(options: OAuth2AdapterOptions): ProviderAdapter {
  const { config } = options
  if (!config.authorizationEndpoint || !config.tokenEndpoint)
    throw new Error('OAuth 2 provider without its endpoints')
  const authorize = new URL(config.authorizationEndpoint)
  const secret = config.clientSecret ?? ''
  const configuration = harden(
    new client.Configuration(
      {
        // No issuer is published by these providers: the authorization server's origin names it.
        issuer: authorize.origin,
        authorization_endpoint: config.authorizationEndpoint,
        token_endpoint: config.tokenEndpoint,
      },
      config.clientId,
      undefined,
      options.clientAuth === 'basic' ? plainBasic(config.clientId, secret) : client.ClientSecretPost(secret),
    ),
    new URL(config.tokenEndpoint),
  )

  return {
    async authorizationUrl(checks: LoginChecks) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: checks.redirectUri,
        scope: config.scopes.join(' '),
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      })
    },

    async finish(callback: URL, checks: LoginChecks): Promise<ProviderIdentity> {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
      })
      return options.profile(tokens.access_token, config)
    },
  }
}
