import { en } from './en.ts'
import type { I18n } from './i18n.ts'
import { lookup } from './translate.ts'
import type { MessageKey } from './types.ts'

/** Header titles of the kernel's own views, by catalogue key. */
export const KERNEL_VIEW_TITLES: Record<string, MessageKey> = {
  Connect: 'connectWallet',
  AllWallets: 'allWallets.title',
  ConnectingExternal: 'connecting',
  ConnectingWalletConnect: 'walletConnect.title',
  Account: 'account',
  Networks: 'networks',
  UnsupportedChain: 'unsupportedChain',
  TransactionPreview: 'preview.title',
}

/** The English title of a kernel view (what the registry holds). */
export const englishTitle = (view: keyof typeof KERNEL_VIEW_TITLES): string =>
  lookup(en, KERNEL_VIEW_TITLES[view] ?? '') ?? view

/**
 * A view's header title in the current language: the kernel's catalogue for its own views, the
 * owning plugin's `views.<name>` string for a plugin's, else the title it registered.
 */
export function viewTitle(i18n: I18n, name: string, view: { owner: string; title: string }): string {
  if (view.owner === 'kernel') {
    const key = Object.hasOwn(KERNEL_VIEW_TITLES, name) ? KERNEL_VIEW_TITLES[name] : undefined
    return key ? i18n.t(key) : view.title
  }
  return i18n.ownerString(view.owner, `views.${name}`) ?? view.title
}
