import type { ChainNamespace } from '@portico/shared-types'
import { parseHexChainId } from '../chains/eip155.ts'
import { waitForConnector } from '../connectors/registry.ts'
import type { Kernel } from '../kernel.ts'
import { readStoredConnection, type StoredConnection } from '../storage/connection.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { loadBitcoin } from './bitcoinLoader.ts'
import { startEip155Session } from './eip155Session.ts'
import { findRequestedNetwork, setActiveChain } from './network.ts'
import { resetNamespace } from './reset.ts'
import { loadSolanaSession } from './solanaLoader.ts'

const LATE_ANNOUNCE_WAIT_MS = 1_000
/** One run at a time per modal. */
const running = new WeakMap<Kernel, Promise<boolean>>()

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
  if (namespace === 'solana') return (await loadSolanaSession()).restoreSolana(kernel, connectorId)
  if (namespace === 'bip122') return (await loadBitcoin()).restoreBitcoin(kernel, connectorId)
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
 * After the active namespace lost its account (or was not restored), another connected namespace
 * becomes the active one, so `useAccount` does not read "disconnected" while a wallet is connected.
 */
export function activateConnectedNamespace(kernel: Kernel): void {
  const state = kernel.store.get()
  const active = state.networks.activeNamespace
  if (active && state.accounts[active]?.status === 'connected') return
  const next = Object.values(state.accounts).find((account) => account?.status === 'connected')
  const network = next ? state.networks.byNamespace[next.namespace]?.caipNetwork : undefined
  if (!next || !network) return
  kernel.store.update((draft) => {
    draft.networks.activeNamespace = next.namespace
  })
  kernel.storage.set(STORAGE_KEYS.activeNamespace, next.namespace)
  kernel.storage.set(STORAGE_KEYS.activeCaipNetworkId, network.caipNetworkId)
  kernel.bus.emit('NETWORK_CHANGED', { caipNetworkId: network.caipNetworkId })
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
export function autoReconnect(
  kernel: Kernel,
  restorers: Partial<Record<string, ConnectorRestorer>> = {},
): Promise<boolean> {
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
        if (await restoreNamespace(kernel, namespace, connectorId, restorers)) restored = true
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
