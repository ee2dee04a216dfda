/**
 * Social and farcaster login for the auth frame (the `social` seam of startAuthFrame, socialSeam.ts):
 *   startAuthFrame({ …, social: createSocialLogin({ config: socialConfigFromEnv() }) })
 *   startAuthFrame({ …, social: createSocialLogin({ idpUrl }) })   // the dev stack: every provider's IdP mode
 * The frame backend then answers GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL, GET_FARCASTER_URI and
 * CONNECT_FARCASTER with it, and serves the popup's callback page at GET (and, for Apple's form_post,
 * POST) /social/callback.
 */
import type { FastifyInstance } from 'fastify'
import type { SocialProvider } from '../socialSeam.ts'
import { callbackRoutes } from './callbackRoutes.ts'
import type { SocialConfig } from './config.ts'
import { devSocialConfig } from './devConfig.ts'
import { createFarcasterLogin } from './farcaster.ts'
import { custodyFromChain } from './farcasterCustody.ts'
import { createOauthLogin } from './oauth.ts'
import { socialProductionProblems } from './production.ts'

export { checkSocialConfig, type ProviderConfig, type SocialConfig } from './config.ts'
export { socialConfigFromEnv } from './configSource.ts'
export { devSocialConfig } from './devConfig.ts'
export { FARCASTER_ERRORS } from './farcaster.ts'
export { SOCIAL_ERRORS } from './oauth.ts'
export { socialProductionProblems } from './production.ts'
export { CALLBACK_PATH, devClientSecret, OIDC_PROVIDERS } from './providers.ts'

export interface SocialLoginOptions {
  /** The providers to offer and how to reach them (wins over idpUrl). */
  config?: SocialConfig
  /** The local IdP (services/idp): every provider against its mode there, with the dev secrets. */
  idpUrl?: string
  /** The Sign-In-With-Farcaster relay (default: the config's, else the IdP's). */
  farcasterRelayUrl?: string
  /** How often CONNECT_FARCASTER polls the relay (ms). */
  farcasterPollMs?: number
  /** How long one login's exchange with its provider may take (default 30 s, behaviour §9). */
  timeoutMs?: number
  now?: () => number
}

export type SocialLogin = SocialProvider & {
  config: SocialConfig
  productionProblems(): string[]
  oauth: ReturnType<typeof createOauthLogin>
  farcaster: ReturnType<typeof createFarcasterLogin> | undefined
}

export function createSocialLogin(options: SocialLoginOptions): SocialLogin {
  const config = options.config ?? (options.idpUrl ? devSocialConfig(options.idpUrl) : undefined)
  if (!config) throw new Error('Social login needs a configuration or the local IdP')
  const oauth = createOauthLogin({
    config,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  const relayUrl = options.farcasterRelayUrl ?? config.farcaster?.relayUrl
  const chain = config.farcaster?.rpcUrl
  const farcaster = relayUrl
    ? createFarcasterLogin({
        relayUrl,
        ...(chain ? { custodyOf: custodyFromChain(chain, config.farcaster?.idRegistry) } : {}),
        ...(options.farcasterPollMs ? { pollMs: options.farcasterPollMs } : {}),
        ...(options.now ? { now: options.now } : {}),
      })
    : undefined
  return {
    config,
    oauth,
    farcaster,
    productionProblems: () => socialProductionProblems(config),
    redirectUri: (provider, ctx, returnTo) => oauth.redirectUri(provider, ctx, returnTo),
    connect: (uri, ctx) => oauth.connect(uri, ctx),
    ...(farcaster
      ? {
          farcasterUri: (ctx) => farcaster.farcasterUri(ctx),
          connectFarcaster: (ctx) => farcaster.connectFarcaster(ctx),
        }
      : {}),
    registerRoutes(app: FastifyInstance) {
      callbackRoutes(app, (state) => {
        const login = oauth.pending.lookup(state)
        return (
          login && { appOrigin: login.parentOrigin, ...(login.returnTo ? { returnTo: login.returnTo } : {}) }
        )
      })
    },
  }
}
