import { type ConnectMethodPreview, type PluginContext, splitMarks } from '@portico/shared-types/plugin'
import { useEffect } from 'react'
import { warmUpFrame, warmUpFrameWhenIdle } from '../../embedded-wallet/src/index.ts'
import { prepareLogin, takePreparedLogin } from './preparedLogin.ts'
import { configuredSocials, openPopup, rememberPopup, VIEWS } from './social.ts'
import { PROVIDER_NAMES, strings } from './strings.ts'
import { isTelegramMiniApp } from './telegram.ts'

interface ProviderButton {
  label: string
  mark?: string | undefined
  press: () => void
  /** The pointer rests on it, or it has focus: what its press needs is asked now. */
  intent?: () => void
}

/**
 * The Connect view's social method (connectMethods 'social'): one button per configured provider in the
 * app's order (behaviour §9 default google, x, discord, farcaster, github, apple, facebook), farcaster
 * last; the first wide with its mark and name, the others a row of marks named "Continue with …". The
 * marks come from this remote's manifest preview as the kernel parsed it (the stand-in painted the same).
 */
export function SocialButtons({ ctx, preview }: { ctx: PluginContext; preview?: ConnectMethodPreview }) {
  const { Button } = ctx.ui
  const socials = ctx.useStore((state) => state.options.features.socials)
  const { providers, farcaster } = configuredSocials(socials)
  const shown = providers.length > 0 || farcaster
  // Shown: the frame a press needs loads while the visitor reads (pointing at a button hurries it).
  useEffect(() => (shown ? warmUpFrameWhenIdle(ctx) : undefined), [ctx, shown])
  if (!shown) return null
  const markOf = (option: string) => preview?.buttons.find((button) => button.option === option)?.mark
  // A Telegram mini app leaves for the provider itself (telegram.ts): nothing to open or prepare.
  const telegram = isTelegramMiniApp()
  const buttons: ProviderButton[] = providers.map((provider) => ({
    label: strings.continueWith(PROVIDER_NAMES[provider] ?? provider),
    mark: markOf(provider),
    press: () => {
      // In the click itself: a window opened after an await is blocked. At the provider's own address
      // when it was prepared while the pointer rested here.
      const opened = telegram ? undefined : takePreparedLogin(ctx, provider)
      rememberPopup(ctx, { popup: telegram ? null : openPopup(opened), ...(opened ? { opened } : {}) })
      ctx.router.push(VIEWS.connectingSocial, { provider })
    },
    ...(telegram ? {} : { intent: () => prepareLogin(ctx, provider) }),
  }))
  if (farcaster)
    buttons.push({
      label: strings.continueWith(PROVIDER_NAMES.farcaster ?? 'Farcaster'),
      mark: markOf('farcaster'),
      press: () => ctx.router.push(VIEWS.connectingFarcaster),
    })
  const { wide, marks } = preview?.layout === 'marks' ? splitMarks(buttons) : { wide: buttons, marks: [] }
  return (
    <section
      aria-label={strings.socialsLabel}
      className="pt-stack pt-gap-s pt-align-stretch"
      onPointerEnter={() => warmUpFrame(ctx)}
      onFocus={() => warmUpFrame(ctx)}
    >
      {wide.map((button) => (
        <Button
          key={button.label}
          variant="secondary"
          fullWidth
          {...(button.mark ? { mark: button.mark } : {})}
          {...intentHandlers(button)}
          onClick={button.press}
        >
          {button.label}
        </Button>
      ))}
      {marks.length > 0 ? (
        <div className="pt-marks">
          {marks.map((button) => (
            <Button
              key={button.label}
              variant="secondary"
              aria-label={button.label}
              {...(button.mark ? { mark: button.mark } : {})}
              {...intentHandlers(button)}
              onClick={button.press}
            />
          ))}
        </div>
      ) : null}
    </section>
  )
}

const intentHandlers = ({ intent }: ProviderButton) =>
  intent ? { onPointerEnter: intent, onFocus: intent } : {}
