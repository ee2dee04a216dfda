/**
 * Social and farcaster login for the auth frame (the `social` seam of startAuthFrame, social-seam.ts):
 *   startAuthFrame({ …, social: createSocialLogin({ idpUrl, farcasterRelayUrl }) })
 * The frame backend then answers GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL, GET_FARCASTER_URI and
 * CONNECT_FARCASTER with it, and serves the popup's callback page at GET /social/callback.
 */
import type { FastifyInstance } from 'fastify'
import type { SocialProvider } from '../social-seam.ts'
import { renderCallbackPage } from './callbackPage.ts'
import { createFarcasterLogin } from './farcaster.ts'
import { createOauthLogin } from './oauth.ts'
import { CALLBACK_PATH, type OidcProviderId } from './providers.ts'

export { FARCASTER_ERRORS } from './farcaster.ts'
export { SOCIAL_ERRORS } from './oauth.ts'
export { CALLBACK_PATH, devClientSecret, OIDC_PROVIDERS } from './providers.ts'

export interface SocialLoginOptions {
  /** The OpenID Connect issuer playing every provider (the local IdP, services/idp). */
  idpUrl: string
  /** A provider's client secret (default: the local IdP's dev secrets). */
  clientSecret?: (provider: OidcProviderId) => string
  /** The Sign-In-With-Farcaster relay (default: the IdP's, which hosts the local relay). */
  farcasterRelayUrl?: string
  /** How often CONNECT_FARCASTER polls the relay (ms). */
  farcasterPollMs?: number
  now?: () => number
}

export type SocialLogin = SocialProvider & {
  oauth: ReturnType<typeof createOauthLogin>
  farcaster: ReturnType<typeof createFarcasterLogin>
}

export function createSocialLogin(options: SocialLoginOptions): SocialLogin {
  const oauth = createOauthLogin({
    issuer: options.idpUrl,
    ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  const farcaster = createFarcasterLogin({
    relayUrl: options.farcasterRelayUrl ?? options.idpUrl,
    ...(options.farcasterPollMs ? { pollMs: options.farcasterPollMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  return {
    oauth,
    farcaster,
    redirectUri: (provider, ctx) => oauth.redirectUri(provider, ctx),
    connect: (uri, ctx) => oauth.connect(uri, ctx),
    farcasterUri: (ctx) => farcaster.farcasterUri(ctx),
    connectFarcaster: (ctx) => farcaster.connectFarcaster(ctx),
    registerRoutes(app: FastifyInstance) {
      app.get(CALLBACK_PATH, async (request, reply) => {
        const state = (request.query as Record<string, unknown> | undefined)?.state
        const login = typeof state === 'string' ? oauth.pending.lookup(state) : undefined
        const page = renderCallbackPage(login?.parentOrigin)
        return reply.code(page.status).headers(page.headers).send(page.body)
      })
    },
  }
}
