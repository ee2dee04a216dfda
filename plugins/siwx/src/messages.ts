import type { I18nVars } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'

/** The plugin's English catalogue (PluginDefinition.messages.en); behaviour §8 wording where it has one. */
export const en = {
  views: { SIWXSignMessage: 'Sign In' },
  title: '{app} needs to connect to your wallet',
  description: 'Sign this message to prove you own this wallet and proceed. Canceling will disconnect you.',
  descriptionOptional:
    'Sign this message to prove you own this wallet. It costs nothing and sends no transaction.',
  messageLabel: 'Message to sign',
  sign: 'Sign',
  signing: 'Signing…',
  preparing: 'Preparing the message…',
  cancel: 'Cancel',
  signedIn: 'Signed in',
  // behaviour §4 / §5 / §8
  signatureDeclined: 'Signature declined',
  smartAccountNotSupported: 'This application might not support Smart Accounts',
  initFailed: 'A problem occurred while trying initialize authentication',
  notEnabled: 'SIWX is not enabled',
  noAddress: 'No ActiveCaipAddress found',
  noNetwork: 'No ActiveCaipNetwork or client found',
  noClient: 'No ConnectionController client found',
} as const

export type MessageKey = Exclude<keyof typeof en, 'views'>

const fill = (text: string, vars?: I18nVars) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (vars && name in vars ? String(vars[name]) : whole))

/** A string of this plugin's catalogue in the modal's language (English without ctx.i18n). */
export function t(ctx: PluginContext, key: MessageKey, vars?: I18nVars): string {
  return ctx.i18n ? ctx.i18n.t(key, vars) : fill(en[key], vars)
}
