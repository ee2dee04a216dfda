/** One adapter per configured provider, each speaking that provider's protocol. */
import type { SocialConfig } from '../config.ts'
import type { SocialProviderId } from '../providers.ts'
import type { ProviderAdapter } from './adapter.ts'
import { discordProfile } from './discord.ts'
import { githubProfile } from './github.ts'
import { createOAuth2Adapter } from './oauth2.ts'
import { createOidcAdapter } from './oidc.ts'
import { xProfile } from './x.ts'

export function createAdapters(
  config: SocialConfig,
  now?: () => number,
): Map<SocialProviderId, ProviderAdapter> {
  const adapters = new Map<SocialProviderId, ProviderAdapter>()
  const { google, apple, facebook, github, discord, x } = config.providers
  const clock = now ? { now } : {}
  if (google) adapters.set('google', createOidcAdapter({ config: google, ...clock }))
  if (apple) adapters.set('apple', createOidcAdapter({ config: apple, formPost: true, ...clock }))
  if (facebook) adapters.set('facebook', createOidcAdapter({ config: facebook, ...clock }))
  if (github)
    adapters.set(
      'github',
      createOAuth2Adapter({ config: github, clientAuth: 'post', profile: githubProfile }),
    )
  if (discord)
    adapters.set(
      'discord',
      createOAuth2Adapter({ config: discord, clientAuth: 'post', profile: discordProfile }),
    )
  if (x) adapters.set('x', createOAuth2Adapter({ config: x, clientAuth: 'basic', profile: xProfile }))
  return adapters
}
