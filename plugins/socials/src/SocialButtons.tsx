import type { PluginContext } from '@portico/shared-types/plugin'
import { useEffect } from 'react'
import { warmUpFrame, warmUpFrameWhenIdle } from '../../embedded-wallet/src/index.ts'
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
  const shown = providers.length > 0 || farcaster
  // Shown: the frame a press needs loads while the visitor reads (pointing at a button hurries it).
  useEffect(() => (shown ? warmUpFrameWhenIdle(ctx) : undefined), [ctx, shown])
  if (!shown) return null
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
