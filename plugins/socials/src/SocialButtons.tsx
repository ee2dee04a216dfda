import type { PluginContext } from '@portico/shared-types'
import { warmUpFrame } from '../../embedded-wallet/src/index.ts'
import { configuredSocials, openPopup, rememberPopup, VIEWS } from './social.ts'
import { PROVIDER_NAMES, strings } from './strings.ts'

/**
 * The Connect view's social method (connectMethods 'social'): one button per configured provider in the
 * app's order (behaviour §9 default google, x, discord, farcaster, github, apple, facebook), farcaster last.
 */
export function SocialButtons({ ctx }: { ctx: PluginContext }) {
  const { Stack, Button } = ctx.ui
  const socials = ctx.useStore((state) => state.options.features.socials)
  const { providers, farcaster } = configuredSocials(socials)
  if (providers.length === 0 && !farcaster) return null
  return (
    <section
      aria-label={strings.socialsLabel}
      onPointerEnter={() => warmUpFrame(ctx)}
      onFocus={() => warmUpFrame(ctx)}
    >
      <Stack gap="s" align="stretch">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            fullWidth
            onClick={() => {
              // In the click itself: a window opened after an await is blocked.
              rememberPopup(ctx, openPopup())
              ctx.router.push(VIEWS.connectingSocial, { provider })
            }}
          >
            {strings.continueWith(PROVIDER_NAMES[provider] ?? provider)}
          </Button>
        ))}
        {farcaster ? (
          <Button variant="secondary" fullWidth onClick={() => ctx.router.push(VIEWS.connectingFarcaster)}>
            {strings.continueWith(PROVIDER_NAMES.farcaster ?? 'Farcaster')}
          </Button>
        ) : null}
      </Stack>
    </section>
  )
}
