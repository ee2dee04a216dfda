import type { ChainNamespace } from '@portico/shared-types'
import { kindOf } from '../connectors/kinds.ts'
import type { Kernel } from '../kernel.ts'
import { readStoredConnection, type StoredConnection } from '../storage/connection.ts'
import { activateConnectedNamespace } from './activeNamespace.ts'
import { findRequestedNetwork, setActiveChain } from './network.ts'
import { contextOf } from './report.ts'
import { resetNamespace } from './reset.ts'
import { startSession } from './session.ts'

export { activateConnectedNamespace }

/** One run at a time per modal. */
const running = new WeakMap<Kernel, Promise<boolean>>()

/** The stored connector's kind restores its connection silently; the session follows. */
async function restoreNamespace(
  kernel: Kernel,
  namespace: ChainNamespace,
  connectorId: string,
): Promise<boolean> {
  const kind = kindOf(kernel, connectorId, namespace)
  if (!kind || kind.restorable?.(kernel, namespace) === false) return false
  const context = contextOf(kernel)
  const facts = await (await kind.load()).restore(context, connectorId, namespace)
  if (!facts) return false
  startSession(kernel, facts, context.report)
  return true
}

/** The namespace the visitor used last: that of the stored active network, else the stored one. */
const recentNamespace = (stored: StoredConnection): ChainNamespace | undefined =>
  (stored.activeCaipNetworkId?.split(':')[0] as ChainNamespace | undefined) ?? stored.activeNamespace

/**
 * Each restored session made its namespace active in turn: the one the visitor used last becomes
 * active again, on its stored network when that is a requested one.
 */
function restoreActiveNamespace(kernel: Kernel, stored: StoredConnection): void {
  const namespace = recentNamespace(stored)
  const account = namespace ? kernel.store.get().accounts[namespace] : undefined
  if (!namespace || account?.status !== 'connected') {
    activateConnectedNamespace(kernel)
    return
  }
  const chainId = stored.activeCaipNetworkId?.slice(namespace.length + 1)
  const current = kernel.store.get().networks.byNamespace[namespace]?.caipNetwork
  const network = chainId ? findRequestedNetwork(kernel, namespace, chainId) : undefined
  // eip155 follows its wallet's chain: only a namespace the wallet does not pin goes back to its network.
  const target = namespace === 'eip155' || !network ? current : network
  const active = kernel.store.get().networks.activeNamespace
  if (target && (active !== namespace || target.caipNetworkId !== current?.caipNetworkId)) {
    setActiveChain(kernel, namespace, target.id)
  }
}

/**
 * behaviour §4 auto-reconnect: one run at a time; status reconnecting when a stored connection exists,
 * else connecting; the most recent connector first; unauthorized ones skipped; connected if any restored.
 * Every stored namespace (eip155 and solana) is restored; the one used last ends up active.
 */
export function autoReconnect(kernel: Kernel): Promise<boolean> {
  const current = running.get(kernel)
  if (current) return current
  const run = (async () => {
    const stored = readStoredConnection(kernel.storage)
    const recent = recentNamespace(stored)
    const namespaces = [...stored.connectedNamespaces].sort((a, b) =>
      a === recent ? -1 : b === recent ? 1 : 0,
    )
    const attempts = namespaces.flatMap((namespace) => {
      const connectorId = stored.connectorIds[namespace]
      return connectorId ? [{ namespace, connectorId }] : []
    })
    if (attempts.length === 0) return false
    const status = stored.status === 'connected' ? 'reconnecting' : 'connecting'
    kernel.store.update((draft) => {
      for (const { namespace } of attempts) {
        const account = draft.accounts[namespace]
        if (account) account.status = status
      }
    })
    let restored = false
    for (const { namespace, connectorId } of attempts) {
      try {
        if (await restoreNamespace(kernel, namespace, connectorId)) restored = true
        else resetNamespace(kernel, namespace)
      } catch (error) {
        kernel.log.warn(`Portico: could not restore the ${namespace} connection`, error)
        resetNamespace(kernel, namespace)
      }
    }
    if (restored) restoreActiveNamespace(kernel, stored)
    return restored
  })().finally(() => {
    running.delete(kernel)
  })
  running.set(kernel, run)
  return run
}
