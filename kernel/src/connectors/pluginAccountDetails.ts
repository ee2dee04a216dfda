/**
 * Part of the lazy plugin-connector chunk: what a plugin connector's provider reports of the connected
 * account (ConnectorProvider: user, allAccounts, preferredAccountType, smartAccountDeployed) goes into
 * `accounts.eip155` on connect, restore and `accountDetailsChanged`; its smart-account networks into
 * `networks.byNamespace.eip155`. A reset (disconnect) clears both.
 */
import {
  ACCOUNT_DETAILS_CHANGED,
  type ConnectorProvider,
  type PorticoEvents,
  recordedAccountDetails,
} from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { registryOf } from './pluginConnectors.ts'

const NAMESPACE = 'eip155'
const MAX_NETWORKS = 64
const followed = new WeakSet<Kernel>()

const networkList = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, MAX_NETWORKS)
    : []

function setNetworks(kernel: Kernel, list: number[]) {
  const current = kernel.store.get().networks.byNamespace[NAMESPACE]?.smartAccountEnabledNetworks
  if (!current || (current.length === list.length && current.every((id, i) => id === list[i]))) return
  kernel.store.update((draft) => {
    const slice = draft.networks.byNamespace[NAMESPACE]
    if (slice) slice.smartAccountEnabledNetworks = list
  })
}

/** The connected plugin connector of eip155 and its provider, if any. */
function connectedPluginConnector(kernel: Kernel) {
  const account = kernel.store.get().accounts[NAMESPACE]
  const id = account?.status === 'connected' ? account.connectorId : undefined
  if (!account?.address || !id || !registryOf(kernel).has(id)) return undefined
  const provider = kernel.providers.get(id) as ConnectorProvider | undefined
  return provider ? { id, address: account.address, provider } : undefined
}

/** Records the connected plugin connector's account details (a throwing or odd provider changes nothing). */
export function recordAccountDetails(kernel: Kernel): void {
  const connected = connectedPluginConnector(kernel)
  if (!connected) return
  let details: unknown
  try {
    details = connected.provider.accountDetails?.()
  } catch (error) {
    kernel.log.warn('Portico: a connector failed to report its account details', error)
    return
  }
  if (details === undefined) return
  const recorded = recordedAccountDetails(details, connected.address)
  kernel.store.update((draft) => {
    const account = draft.accounts[NAMESPACE]
    if (!account || account.connectorId !== connected.id || account.address !== connected.address) return
    account.allAccounts = recorded.allAccounts
    account.preferredAccountType = recorded.preferredAccountType
    account.smartAccountDeployed = recorded.smartAccountDeployed
    if (recorded.user) account.user = recorded.user
    else delete account.user
  })
}

function forget(kernel: Kernel) {
  setNetworks(kernel, [])
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

/** Once per kernel, before its first plugin connector is registered. */
export function followAccountDetails(kernel: Kernel): void {
  if (followed.has(kernel)) return
  followed.add(kernel)
  /** The connector whose smart-account networks were asked for this connection. */
  let asked: string | undefined
  const onAccount = ({ namespace, caipAddress }: PorticoEvents['ACCOUNT_CHANGED']) => {
    if (namespace !== NAMESPACE) return
    const connected = caipAddress ? connectedPluginConnector(kernel) : undefined
    if (!connected) {
      // Another wallet took over without a reset: nothing of the plugin connector's account stays.
      if (asked !== undefined) forget(kernel)
      asked = undefined
      return
    }
    if (asked === connected.id) return recordAccountDetails(kernel)
    if (asked !== undefined) forget(kernel)
    recordAccountDetails(kernel)
    asked = connected.id
    const { id, provider } = connected
    Promise.resolve()
      .then(() => provider.smartAccountEnabledNetworks?.())
      .then(
        (list) => {
          if (asked === id && connectedPluginConnector(kernel)?.id === id)
            setNetworks(kernel, networkList(list))
        },
        (error: unknown) => kernel.log.warn('Portico: could not read the smart-account networks', error),
      )
  }
  kernel.bus.on('ACCOUNT_CHANGED', onAccount)
  kernel.cleanups.push(() => kernel.bus.off('ACCOUNT_CHANGED', onAccount))
}

/** Follows one registered connector's `accountDetailsChanged` events. */
export function followConnectorDetails(kernel: Kernel, provider: ConnectorProvider): void {
  provider.on?.(ACCOUNT_DETAILS_CHANGED, () => recordAccountDetails(kernel))
}
