/**
 * Social login over OAuth 2 (openid-client): GET_SOCIAL_REDIRECT_URI builds the provider's authorization
 * URL with state, nonce and a PKCE challenge kept server-side for the frame that asked; CONNECT_SOCIAL
 * takes the callback address back, and the provider's adapter (providers/) exchanges the code once and
 * names the identity: from the verified ID token (OpenID Connect) or the provider's user API. Every
 * provider's text is cleaned here, the same way, before the app sees it.
 */

import * as client from 'openid-client'
import { FrameError } from '../errors.ts'
import type { SocialContext, SocialIdentity } from '../socialSeam.ts'
import type { SocialConfig } from './config.ts'
import { withDeadline } from './deadline.ts'
import { identityText } from './identityText.ts'
import { ownerOf, PendingStore } from './pending.ts'
import type { ProviderAdapter } from './providers/adapter.ts'
import { createAdapters } from './providers/index.ts'
import { CALLBACK_PATH, isOidcProvider, type OidcProviderId } from './providers.ts'
import { isUnreachable } from './unreachable.ts'
import { UPSTREAM_TIMEOUT_MS } from './upstream.ts'

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
  /** The configured providers (a provider without an entry is unknown). */
  config: SocialConfig
  /** How long a started login may take (default 10 minutes). */
  ttlMs?: number
  /** The whole exchange (token + user API calls) may take this long (default 30 s, behaviour §9). */
  timeoutMs?: number
  now?: () => number
}

interface PendingLogin {
  owner: string
  createdAt: number
  provider: OidcProviderId
  nonce: string
  verifier: string
  parentOrigin: string
  /** Where the callback page sends the result when it has no opener (Telegram mini app). */
  returnTo?: string
}

const USERNAME_MAX = 64

/** An identifier we keep but never show (the subject): no control characters. */
function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max && !/\p{Cc}/u.test(value)
    ? value
    : undefined
}

export function createOauthLogin(options: OauthLoginOptions) {
  const pending = new PendingStore<PendingLogin>({
    ttlMs: options.ttlMs ?? 10 * 60_000,
    ...(options.now ? { now: options.now } : {}),
  })
  const adapters = createAdapters(options.config, options.now)
  const adapterFor = (provider: unknown): ProviderAdapter => {
    const adapter = isOidcProvider(provider) ? adapters.get(provider) : undefined
    if (!adapter) throw new FrameError(SOCIAL_ERRORS.unknownProvider)
    return adapter
  }

  return {
    pending,

    async redirectUri(provider: string, ctx: SocialContext, returnTo?: string): Promise<{ uri: string }> {
      const adapter = adapterFor(provider)
      const state = client.randomState()
      const checks = {
        state,
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirectUri: `${ctx.frameOrigin}${CALLBACK_PATH}`,
      }
      let url: URL
      try {
        url = await adapter.authorizationUrl(checks)
      } catch {
        throw new FrameError(SOCIAL_ERRORS.unavailable)
      }
      try {
        pending.add(state, {
          owner: ownerOf(ctx),
          createdAt: options.now?.() ?? Date.now(),
          provider: provider as OidcProviderId,
          nonce: checks.nonce,
          verifier: checks.verifier,
          parentOrigin: ctx.parentOrigin,
          ...(returnTo ? { returnTo } : {}),
        })
      } catch (error) {
        throw new FrameError((error as Error).message)
      }
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
      let claims: Awaited<ReturnType<ProviderAdapter['finish']>>
      try {
        // Each request is bounded on its own; GitHub makes three in a row, so the login is bounded too.
        claims = await withDeadline(
          adapterFor(login.provider).finish(url, {
            state,
            nonce: login.nonce,
            verifier: login.verifier,
            redirectUri: `${ctx.frameOrigin}${CALLBACK_PATH}`,
          }),
          options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
        )
      } catch (error) {
        throw new FrameError(isUnreachable(error) ? SOCIAL_ERRORS.unavailable : SOCIAL_ERRORS.unverified)
      }
      const subject = text(claims.subject, 255)
      if (!subject) throw new FrameError(SOCIAL_ERRORS.unverified)
      // Shown to the app and the user: refused when it holds invisible or reordering characters. The
      // adapters hand over an email only when the provider says it is verified.
      const email = identityText(claims.email, 254)
      const userName = identityText(claims.userName, USERNAME_MAX) ?? identityText(claims.name, USERNAME_MAX)
      return {
        provider: login.provider,
        subject,
        ...(email ? { email } : {}),
        ...(userName ? { userName } : {}),
      }
    },
  }
}
