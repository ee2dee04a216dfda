/**
 * OpenID Connect providers (Google, Apple, Facebook): discovery (or the endpoints named in the config:
 * Facebook's discovery lists no token endpoint), code + PKCE + nonce, and the ID token
 * verified by openid-client (JWKS signature, iss, aud/azp, nonce, exp). Apple answers with a POST
 * (response_mode=form_post; the callback route turns it back into the callback address) and takes an
 * ES256 JWT as its client secret.
 */
import * as client from 'openid-client'
import type { ProviderConfig } from '../config.ts'
import type { LoginChecks, ProviderAdapter, ProviderIdentity } from './adapter.ts'
import { appleClientSecret } from './appleSecret.ts'
import { discoveryOptions, harden } from './client.ts'

export interface OidcAdapterOptions {
  config: ProviderConfig
  /** Apple: ask for the answer as a form POST (Apple requires it when asking for name or email). */
  formPost?: boolean
  now?: () => number
}

/** Apple sends email_verified as the string "true"; anything else than true or "true" is unverified. */
const verified = (value: unknown) => value === true || value === 'true'

export function createOidcAdapter(options: OidcAdapterOptions): ProviderAdapter {
  const { config } = options
  if (!config.issuer) throw new Error('OpenID Connect provider without an issuer')
  const issuer = new URL(config.issuer)
  const appleSecret = config.appleKey
    ? appleClientSecret(config.appleKey, config.clientId, options.now)
    : undefined
  // The secret the next token request sends: Apple's is re-made before each exchange (finish below).
  let secret = config.clientSecret ?? ''
  const auth: client.ClientAuth = (as, meta, body, headers) =>
    client.ClientSecretPost(secret)(as, meta, body, headers)
  let discovered: Promise<client.Configuration> | undefined

  const configuration = () => {
    if (!discovered) {
      const { authorizationEndpoint, tokenEndpoint, jwksUri } = config
      const metadata =
        authorizationEndpoint && tokenEndpoint && jwksUri
          ? Promise.resolve(
              new client.Configuration(
                {
                  issuer: config.issuer ?? '',
                  authorization_endpoint: authorizationEndpoint,
                  token_endpoint: tokenEndpoint,
                  jwks_uri: jwksUri,
                },
                config.clientId,
                undefined,
                auth,
              ),
            )
          : client.discovery(issuer, config.clientId, undefined, auth, discoveryOptions(issuer))
      discovered = metadata.then((found) => {
        // Verify the ID token's signature against the JWKS too (not only its claims).
        client.enableNonRepudiationChecks(found)
        return harden(found, issuer)
      })
      discovered.catch(() => {
        discovered = undefined
      })
    }
    return discovered
  }

  return {
    async authorizationUrl(checks: LoginChecks) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: checks.redirectUri,
        scope: config.scopes.join(' '),
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        ...(options.formPost ? { response_mode: 'form_post' } : {}),
      })
    },

    async finish(callback: URL, checks: LoginChecks): Promise<ProviderIdentity> {
      const found = await configuration()
      if (appleSecret) secret = await appleSecret()
      const tokens = await client.authorizationCodeGrant(found, callback, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims || typeof claims.sub !== 'string') throw new Error('no ID token subject')
      return {
        subject: claims.sub,
        ...(verified(claims.email_verified) ? { email: claims.email } : {}),
        userName: claims.preferred_username,
        name: claims.name,
      }
    },
  }
}
