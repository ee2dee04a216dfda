import type { ConnectMethodPreview } from '@portico/shared-types/plugin'
import { strings } from './strings.ts'

/** What the Connect view paints for EmailConnect before this remote's code loads (its manifest). */
export const emailPreview: ConnectMethodPreview = {
  method: 'email',
  field: { label: strings.emailLabel, placeholder: strings.emailPlaceholder, type: 'email' },
  buttons: [{ label: strings.continue, primary: true, needsField: true }, { label: strings.passkeyButton }],
}
