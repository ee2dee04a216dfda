/**
 * The dev stack's configuration: every provider against its mode of the local IdP (services/idp),
 * with the secrets derived from the shared dev seed. Google, Apple and Facebook are OpenID Connect
 * at the IdP's root issuer; Apple, as in production, authenticates with a client-secret JWT signed by
 * its key (the dev Apple key), which the IdP checks as Apple does. GitHub, Discord and X speak their
 * own OAuth 2 + user API shapes under /github, /discord and /x. Farcaster uses the IdP's relay.
 */
import { PROVIDER_DEFAULTS, type SocialConfig } from './config.ts'
import { devAppleKey } from './devAppleKey.ts'
import { DEV_SEED, devClientSecret } from './providers.ts'

export function devSocialConfig(idpUrl: string, seed = DEV_SEED): SocialConfig {
  const base = idpUrl.replace(/\/+$/, '')
  const secret = (id: Parameters<typeof devClientSecret>[0]) => ({
    clientId: id,
    clientSecret: devClientSecret(id, seed),
  })
  return {
    providers: {
      google: { ...PROVIDER_DEFAULTS.google, ...secret('google'), issuer: base },
      apple: {
        ...PROVIDER_DEFAULTS.apple,
        clientId: 'apple',
        appleKey: devAppleKey(seed),
        issuer: base,
        scopes: ['openid', 'email', 'profile'],
      },
      // Like Facebook, without discovery: the endpoints and JWKS named one by one.
      facebook: {
        ...PROVIDER_DEFAULTS.facebook,
        ...secret('facebook'),
        issuer: base,
        authorizationEndpoint: `${base}/auth`,
        tokenEndpoint: `${base}/token`,
        jwksUri: `${base}/jwks`,
        scopes: ['openid', 'email', 'profile'],
      },
      github: {
        ...PROVIDER_DEFAULTS.github,
        ...secret('github'),
        authorizationEndpoint: `${base}/github/login/oauth/authorize`,
        tokenEndpoint: `${base}/github/login/oauth/access_token`,
        userEndpoint: `${base}/github/api/user`,
        emailsEndpoint: `${base}/github/api/user/emails`,
      },
      discord: {
        ...PROVIDER_DEFAULTS.discord,
        ...secret('discord'),
        authorizationEndpoint: `${base}/discord/oauth2/authorize`,
        tokenEndpoint: `${base}/discord/api/oauth2/token`,
        userEndpoint: `${base}/discord/api/users/@me`,
      },
      x: {
        ...PROVIDER_DEFAULTS.x,
        ...secret('x'),
        authorizationEndpoint: `${base}/x/i/oauth2/authorize`,
        tokenEndpoint: `${base}/x/2/oauth2/token`,
        userEndpoint: `${base}/x/2/users/me`,
      },
    },
    farcaster: { relayUrl: base },
  }
}
