/**
 * The auth frame's social login from its environment: the providers of PORTICO_SOCIAL_CONFIG and
 * PORTICO_SOCIAL_<PROVIDER>_* (configSource.ts), else every provider's mode of a local IdP named by
 * PORTICO_IDP_URL (a dev stack run piecemeal), else none (the social frame calls answer 'Social login
 * is not available').
 */
import { socialConfigFromEnv } from './configSource.ts'
import { createSocialLogin, type SocialLogin } from './index.ts'

export function socialLoginFromEnv(
  env: Record<string, string | undefined> = process.env,
): SocialLogin | undefined {
  const config = socialConfigFromEnv(env)
  if (config) return createSocialLogin({ config })
  if (env.PORTICO_IDP_URL) return createSocialLogin({ idpUrl: env.PORTICO_IDP_URL })
  return undefined
}
