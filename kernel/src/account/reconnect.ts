import type { ChainNamespace } from '@portico/shared-types'
import { parseHexChainId } from '../chains/eip155.ts'
import { waitForConnector } from '../connectors/registry.ts'
import type { Kernel } from '../kernel.ts'
import { readStoredConnection } from '../storage/connection.ts'
import { startEip155Session } from './eip155Session.ts'
import { resetNamespace } from './reset.ts'

const LATE_ANNOUNCE_WAIT_MS = 1_000
let running: Promise<boolean> | undefined

/** Restores a stored connection of a connector that is not announced (e.g. WalletConnect's session). */
export type ConnectorRestorer = (kernel: Kernel, namespace: ChainNamespace) => Promise<boolean>

async function restoreNamespace(
  kernel: Kernel,
  namespace: ChainNamespace,
  connectorId: string,
  restorers: Partial<Record<string, ConnectorRestorer>>,
): Promise<boolean> {
  const restore = restorers[connectorId]
  if (restore) return restore(kernel, namespace)
  if (namespace !== 'eip155') return false
  if (!(await waitForConnector(kernel, connectorId, LATE_ANNOUNCE_WAIT_MS))) return false
  const provider = kernel.providers.get(connectorId)
  const connector = kernel.store.get().connectors.find((candidate) => candidate.id === connectorId)
  if (!provider || !connector) return false
  // eth_accounts never prompts: an empty list means the wallet no longer authorizes this site.
  const accounts = (await provider.request({ method: 'eth_accounts' })) as string[]
  const chainId = parseHexChainId(await provider.request({ method: 'eth_chainId' }))
  if (!accounts?.[0] || chainId === undefined) return false
  startEip155Session(kernel, connector, provider, accounts[0], chainId)
  return true
}

/**
 * SPEC §4 auto-reconnect: one run at a time; status reconnecting when a stored connection exists,
 * else connecting; the most recent connector first; unauthorized ones skipped; connected if any restored.
 */
export function autoReconnect(
  kernel: Kernel,
  restorers: Partial<Record<string, ConnectorRestorer>> = {},
): Promise<boolean> {
  running ??= (async () => {
    const stored = readStoredConnection(kernel.storage)
    const namespaces = [...stored.connectedNamespaces].sort((a, b) =>
      a === stored.activeNamespace ? -1 : b === stored.activeNamespace ? 1 : 0,
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
        if (await restoreNamespace(kernel, namespace, connectorId, restorers)) restored = true
        else resetNamespace(kernel, namespace)
      } catch (error) {
        kernel.log.warn(`Portico: could not restore the ${namespace} connection`, error)
        resetNamespace(kernel, namespace)
      }
    }
    return restored
  })().finally(() => {
    running = undefined
  })
  return running
}
