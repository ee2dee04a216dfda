import type { ConnectMethodPreview } from '@portico/shared-types/plugin'
import { SOCIAL_POPUP } from './popupWindow.ts'
import { PROVIDER_MARKS } from './providerMarks.ts'
import { PROVIDER_NAMES, strings } from './strings.ts'

/**
 * What the Connect view paints for SocialButtons before this remote's code loads (its manifest): a
 * button per configured provider in the app's order, Farcaster last, the first wide with its mark and
 * name and the others a row of marks; a provider's press opens its sign-in window at once while the
 * code loads.
 */
export const socialsPreview: ConnectMethodPreview = {
  method: 'social',
  label: strings.socialsLabel,
  layout: 'marks',
  buttons: Object.entries(PROVIDER_NAMES).map(([option, name]) => ({
    label: strings.continueWith(name),
    option,
    ...(PROVIDER_MARKS[option] ? { mark: PROVIDER_MARKS[option] } : {}),
    // Farcaster signs in by QR code in the modal; every other provider in its window.
    ...(option === 'farcaster' ? { last: true } : { popup: { ...SOCIAL_POPUP } }),
  })),
}
