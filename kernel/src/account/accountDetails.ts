/**
 * What a plugin connector's provider reports of the connected eip155 account (user, allAccounts,
 * preferredAccountType, smartAccountDeployed) and its smart-account networks, written into
 * `accounts.eip155` and `networks.byNamespace.eip155`.
 */
import type { RecordedAccountDetails } from '@portico/shared-types/plugin'
import type { Kernel } from '../kernel.ts'

const NAMESPACE = 'eip155'

export function setSmartAccountNetworks(kernel: Kernel, list: number[]): void {
  const current = kernel.store.get().networks.byNamespace[NAMESPACE]?.smartAccountEnabledNetworks
  if (!current || (current.length === list.length && current.every((id, i) => id === list[i]))) return
  kernel.store.update((draft) => {
    const slice = draft.networks.byNamespace[NAMESPACE]
    if (slice) slice.smartAccountEnabledNetworks = list
  })
}

/** Records the details of the account `address` of `connectorId`, if it is still the connected one. */
export function setAccountDetails(
  kernel: Kernel,
  connectorId: string,
  address: string,
  recorded: RecordedAccountDetails,
): void {
  kernel.store.update((draft) => {
    const account = draft.accounts[NAMESPACE]
    if (!account || account.connectorId !== connectorId || account.address !== address) return
    account.allAccounts = recorded.allAccounts
    account.preferredAccountType = recorded.preferredAccountType
    account.smartAccountDeployed = recorded.smartAccountDeployed
    if (recorded.user) account.user = recorded.user
    else delete account.user
  })
}

/** Another wallet took over: nothing of the plugin connector's account stays. */
export function forgetAccountDetails(kernel: Kernel): void {
  setSmartAccountNetworks(kernel, [])
  const account = kernel.store.get().accounts[NAMESPACE]
  if (account && (account.user || account.preferredAccountType || account.smartAccountDeployed))
    kernel.store.update((draft) => {
      const slice = draft.accounts[NAMESPACE]
      if (!slice) return
      delete slice.user
      delete slice.preferredAccountType
      slice.smartAccountDeployed = false
    })
}
