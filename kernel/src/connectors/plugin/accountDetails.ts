/**
 * Part of the lazy plugin-connector chunk: what a plugin connector's provider reports of the connected
 * account (ConnectorProvider: user, allAccounts, preferredAccountType, smartAccountDeployed) is reported
 * on connect, restore and `accountDetailsChanged`, and its smart-account networks once per connection;
 * the lifecycle records them in `accounts.eip155` and `networks.byNamespace.eip155`.
 */

import type { PorticoEvents } from '@portico/shared-types'
import {
  ACCOUNT_DETAILS_CHANGED,
  type ConnectorProvider,
  recordedAccountDetails,
} from '@portico/shared-types/plugin'
import type { Kernel } from '../../kernel.ts'
import type { ConnectorContext } from '../kind.ts'
import { registryOf } from './registry.ts'

const NAMESPACE = 'eip155'
const MAX_NETWORKS = 64
const followed = new WeakSet<Kernel>()

const networkList = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, MAX_NETWORKS)
    : []

/** The connected plugin connector of eip155 and its provider, if any. */
function connectedPluginConnector(kernel: Kernel) {
  const account = kernel.store.get().accounts[NAMESPACE]
  const id = account?.status === 'connected' ? account.connectorId : undefined
  if (!account?.address || !id || !registryOf(kernel).has(id)) return undefined
  const provider = kernel.providers.get(id) as ConnectorProvider | undefined
  return provider ? { id, address: account.address, provider } : undefined
}

/** Records the connected plugin connector's account details (a throwing or odd provider changes nothing). */
export function recordAccountDetails({ kernel, report }: ConnectorContext): void {
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
  report.accountDetails(connected.id, connected.address, recordedAccountDetails(details, connected.address))
}

/** Once per kernel, before its first plugin connector is registered. */
export function followAccountDetails(context: ConnectorContext): void {
  const { kernel, report } = context
  if (followed.has(kernel)) return
  followed.add(kernel)
  /** The connector whose smart-account networks were asked for this connection. */
  let asked: string | undefined
  const onAccount = ({ namespace, caipAddress }: PorticoEvents['ACCOUNT_CHANGED']) => {
    if (namespace !== NAMESPACE) return
    const connected = caipAddress ? connectedPluginConnector(kernel) : undefined
    if (!connected) {
      // Another wallet took over without a reset: nothing of the plugin connector's account stays.
      if (asked !== undefined) report.forgetAccountDetails()
      asked = undefined
      return
    }
    if (asked === connected.id) return recordAccountDetails(context)
    if (asked !== undefined) report.forgetAccountDetails()
    recordAccountDetails(context)
    asked = connected.id
    const { id, provider } = connected
    Promise.resolve()
      .then(() => provider.smartAccountEnabledNetworks?.())
      .then(
        (list) => {
          if (asked === id && connectedPluginConnector(kernel)?.id === id)
            report.smartAccountNetworks(networkList(list))
        },
        (error: unknown) => kernel.log.warn('Portico: could not read the smart-account networks', error),
      )
  }
  kernel.bus.on('ACCOUNT_CHANGED', onAccount)
  kernel.cleanups.push(() => kernel.bus.off('ACCOUNT_CHANGED', onAccount))
}

/** Follows one registered connector's `accountDetailsChanged` events. */
export function followConnectorDetails(context: ConnectorContext, provider: ConnectorProvider): void {
  provider.on?.(ACCOUNT_DETAILS_CHANGED, () => recordAccountDetails(context))
}
