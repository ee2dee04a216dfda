/**
 * Social login over OpenID Connect (openid-client): GET_SOCIAL_REDIRECT_URI builds the authorization URL
 * with state, nonce and a PKCE challenge kept server-side for the frame that asked; CONNECT_SOCIAL takes
 * the callback address back, exchanges the code once and verifies the ID token (JWKS signature, iss, aud,
 * nonce, exp) before naming the identity.
 */
import * as client from 'openid-client'
import { FrameError } from '../errors.ts'
import type { SocialContext, SocialIdentity } from '../social-seam.ts'
import { identityText } from './identity-text.ts'
import { ownerOf, PendingStore } from './pending.ts'
import { CALLBACK_PATH, devClientSecret, isOidcProvider, type OidcProviderId } from './providers.ts'

export const SOCIAL_ERRORS = {
  unknownProvider: 'Unknown social provider',
  unavailable: 'The social login provider is not reachable, try again',
  invalidResult: 'Invalid social login result',
  expired: 'This social login has expired or was already used, try again',
  cancelled: 'Social login was cancelled',
  failed: 'Social login failed',
  unverified: 'The social login could not be verified',
} as const

export interface OauthLoginOptions {
  /** The IdP's issuer URL (discovery at /.well-known/openid-configuration). */
  issuer: string
  /** A provider's client secret (default: derived from the dev seed, like the local IdP). */
  clientSecret?: (provider: OidcProviderId) => string
  /** How long a started login may take (default 10 minutes). */
  ttlMs?: number
  now?: () => number
}

interface PendingLogin {
  owner: string
  createdAt: number
  provider: OidcProviderId
  nonce: string
  verifier: string
  parentOrigin: string
}

const USERNAME_MAX = 64

/** An identifier we keep but never show (the subject): no control characters. */
function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max && !/\p{Cc}/u.test(value)
    ? value
    : undefined
}

export function createOauthLogin(options: OauthLoginOptions) {
  const issuer = new URL(options.issuer)
  const pending = new PendingStore<PendingLogin>({
    ttlMs: options.ttlMs ?? 10 * 60_000,
    ...(options.now ? { now: options.now } : {}),
  })
  const configs = new Map<OidcProviderId, Promise<client.Configuration>>()

  const configFor = (provider: OidcProviderId) => {
    let config = configs.get(provider)
    if (!config) {
      const secret = options.clientSecret?.(provider) ?? devClientSecret(provider)
      config = client
        .discovery(issuer, provider, secret, client.ClientSecretPost(secret), {
          ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
          timeout: 30,
        })
        .then((discovered) => {
          // Verify the ID token's signature against the IdP's JWKS too (not only its claims).
          client.enableNonRepudiationChecks(discovered)
          return discovered
        })
      config.catch(() => configs.delete(provider))
      configs.set(provider, config)
    }
    return config.catch(() => {
      throw new FrameError(SOCIAL_ERRORS.unavailable)
    })
  }

  return {
    pending,

    async redirectUri(provider: string, ctx: SocialContext): Promise<{ uri: string }> {
      if (!isOidcProvider(provider)) throw new FrameError(SOCIAL_ERRORS.unknownProvider)
      const config = await configFor(provider)
      const state = client.randomState()
      const nonce = client.randomNonce()
      const verifier = client.randomPKCECodeVerifier()
      try {
        pending.add(state, {
          owner: ownerOf(ctx),
          createdAt: options.now?.() ?? Date.now(),
          provider,
          nonce,
          verifier,
          parentOrigin: ctx.parentOrigin,
        })
      } catch (error) {
        throw new FrameError((error as Error).message)
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: `${ctx.frameOrigin}${CALLBACK_PATH}`,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      return { uri: url.href }
    },

    async connect(uri: string, ctx: SocialContext): Promise<SocialIdentity> {
      let url: URL
      try {
        url = new URL(uri)
      } catch {
        throw new FrameError(SOCIAL_ERRORS.invalidResult)
      }
      // Only our own callback address: never a URL on another origin (or scheme) handed in by the page.
      if (
        url.origin !== new URL(ctx.frameOrigin).origin ||
        url.pathname !== CALLBACK_PATH ||
        url.username ||
        url.password
      ) {
        throw new FrameError(SOCIAL_ERRORS.invalidResult)
      }
      const state = url.searchParams.get('state')
      const login = pending.take(state, ownerOf(ctx))
      if (!login || !state) throw new FrameError(SOCIAL_ERRORS.expired)
      const error = url.searchParams.get('error')
      if (error)
        throw new FrameError(error === 'access_denied' ? SOCIAL_ERRORS.cancelled : SOCIAL_ERRORS.failed)
      const config = await configFor(login.provider)
      let claims: client.IDToken | undefined
      try {
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: login.verifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch {
        throw new FrameError(SOCIAL_ERRORS.unverified)
      }
      const subject = text(claims?.sub, 255)
      if (!claims || !subject) throw new FrameError(SOCIAL_ERRORS.unverified)
      // Shown to the app and the user: refused when it holds invisible or reordering characters.
      const email = claims.email_verified === true ? identityText(claims.email, 254) : undefined
      const userName =
        identityText(claims.preferred_username, USERNAME_MAX) ?? identityText(claims.name, USERNAME_MAX)
      return {
        provider: login.provider,
        subject,
        ...(email ? { email } : {}),
        ...(userName ? { userName } : {}),
      }
    },
  }
}
