/**
 * Part of the lazy plugin-connector chunk: which plugin owns a connector is stored once a connection
 * through that connector is made (a reload then loads only that plugin to restore it), never when the
 * plugin merely registers it: a visitor who connects nothing leaves nothing behind.
 */
import type { ChainNamespace } from '@portico/shared-types'
import type { Kernel } from '../../kernel.ts'
import { MAX_CONNECTORS, PLUGIN_CONNECTORS_KEY, readOwners, registryOf } from './registry.ts'

const NAMESPACES: ChainNamespace[] = ['eip155', 'solana']
const followed = new WeakSet<Kernel>()

function recordConnectedOwner(kernel: Kernel): void {
  const state = kernel.store.get()
  for (const namespace of NAMESPACES) {
    const account = state.accounts[namespace]
    const id = account?.status === 'connected' ? account.connectorId : undefined
    const owner = id ? registryOf(kernel).get(id)?.pluginId : undefined
    if (!id || !owner) continue
    const owners = readOwners(kernel)
    if (owners[id] !== owner && Object.keys(owners).length < MAX_CONNECTORS)
      kernel.storage.set(PLUGIN_CONNECTORS_KEY, { ...owners, [id]: owner })
  }
}

/** Records the owner of a plugin connector when it connects (once per kernel; it follows the store). */
export function followPluginConnectorOwners(kernel: Kernel): void {
  if (followed.has(kernel)) return
  followed.add(kernel)
  recordConnectedOwner(kernel)
  kernel.store.subscribe(() => recordConnectedOwner(kernel))
}
