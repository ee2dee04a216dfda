import type { ConnectMethodPreview } from '@portico/shared-types'
import { PROVIDER_NAMES, strings } from './strings.ts'

/**
 * What the Connect view paints for SocialButtons before this remote's code loads (its manifest): a
 * button per configured provider in the app's order, Farcaster last.
 */
export const socialsPreview: ConnectMethodPreview = {
  method: 'social',
  label: strings.socialsLabel,
  buttons: Object.entries(PROVIDER_NAMES).map(([option, name]) => ({
    label: strings.continueWith(name),
    option,
    ...(option === 'farcaster' ? { last: true } : {}),
  })),
}
