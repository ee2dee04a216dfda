import type { Kernel } from '../kernel.ts'

/** Shows the account view's tab `index` (Tokens, NFTs, then the plugins'), kept per account. */
export function setAccountTab(kernel: Kernel, index: number): void {
  kernel.store.update((draft) => {
    const namespace = draft.networks.activeNamespace
    const account = namespace ? draft.accounts[namespace] : undefined
    if (account) account.currentTab = index
  })
}
