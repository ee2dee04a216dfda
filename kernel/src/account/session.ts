/**
 * A connection becomes the namespace's session: its network made active, its account written, the
 * connection stored, the balance read, and the wallet's changes followed until the session ends.
 */
import type { ChainNamespace } from '@portico/shared-types'
import type { SessionFacts, SessionReport } from '../connectors/kind.ts'
import type { Kernel } from '../kernel.ts'
import { storeActiveNetwork, storeConnected } from '../storage/connection.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { refreshNativeBalance } from './balance.ts'
import { findRequestedNetwork, setActiveChain, unsupportedNetwork } from './network.ts'
import { setWalletAccount } from './sessionAccount.ts'
import { isActiveNetworkSupported } from './unsupportedChain.ts'

/** Puts the network of `chainId` in the namespace's slice without making the namespace the active one. */
function putNetwork(kernel: Kernel, namespace: ChainNamespace, chainId: number | string) {
  const current = kernel.store.get().networks.byNamespace[namespace]?.caipNetwork
  const network =
    findRequestedNetwork(kernel, namespace, chainId) ?? unsupportedNetwork(namespace, chainId, current)
  if (current?.caipNetworkId === network.caipNetworkId) return
  kernel.store.update((draft) => {
    const slice = draft.networks.byNamespace[namespace]
    if (slice) slice.caipNetwork = network
  })
}

/** Stores the connection; one that joins without activating keeps the active namespace's stored network. */
function storeSession(kernel: Kernel, facts: SessionFacts) {
  const network = kernel.store.get().networks.byNamespace[facts.namespace]?.caipNetwork
  storeConnected(kernel.storage, facts.namespace, facts.connector.id, network?.caipNetworkId)
  if (facts.activate !== false) return
  const state = kernel.store.get()
  const active = state.networks.activeNamespace as ChainNamespace | undefined
  const activeNetwork = active ? state.networks.byNamespace[active]?.caipNetwork : undefined
  if (!active || active === facts.namespace || !activeNetwork) return
  kernel.storage.set(STORAGE_KEYS.activeNamespace, active)
  storeActiveNetwork(kernel.storage, activeNetwork.caipNetworkId)
}

/** Starts the session of `facts`; returns whether its network is one the app requested. */
export function startSession(kernel: Kernel, facts: SessionFacts, report: SessionReport): boolean {
  const { namespace, connector } = facts
  kernel.sessions.get(namespace)?.()
  let supported: boolean
  if (facts.activate === false) {
    putNetwork(kernel, namespace, facts.chainId)
    supported = isActiveNetworkSupported(kernel, namespace)
  } else {
    supported = setActiveChain(kernel, namespace, facts.chainId) && facts.placeholder !== true
  }
  const network =
    kernel.store.get().networks.byNamespace[namespace]?.caipNetwork ??
    unsupportedNetwork(namespace, facts.chainId)
  setWalletAccount(kernel, namespace, connector, facts.account(network))
  storeSession(kernel, facts)
  void refreshNativeBalance(kernel, namespace)
  const stop = facts.watch?.(report)
  kernel.sessions.set(namespace, stop ?? (() => undefined))
  return supported
}
