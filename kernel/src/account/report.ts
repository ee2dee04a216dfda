/**
 * The lifecycle's side of the connector contract: the context every connector call gets, whose report
 * writes what a connector says happened (connectors never write accounts, networks or the connection).
 */
import type { ConnectorContext, SessionReport } from '../connectors/kind.ts'
import type { Kernel } from '../kernel.ts'
import { forgetAccountDetails, setAccountDetails, setSmartAccountNetworks } from './accountDetails.ts'
import { refreshNativeBalance } from './balance.ts'
import { setActiveChain } from './network.ts'
import { pairingReport } from './pairing.ts'
import { resetNamespace } from './reset.ts'
import { startSession } from './session.ts'
import { endWalletSession, followNetwork, setWalletAccount } from './sessionAccount.ts'
import { followWalletNetwork } from './unsupportedChain.ts'

function sessionReport(kernel: Kernel): SessionReport {
  const report: SessionReport = {
    account(namespace, connector, facts, options) {
      setWalletAccount(kernel, namespace, connector, facts)
      if (options?.refreshBalance !== false) void refreshNativeBalance(kernel, namespace)
    },
    chain(namespace, connector, chainId, account) {
      setActiveChain(kernel, namespace, chainId)
      const address = kernel.store.get().accounts[namespace]?.address
      if (address) setWalletAccount(kernel, namespace, connector, account(address))
      void refreshNativeBalance(kernel, namespace)
      followWalletNetwork(kernel, namespace)
    },
    followNetwork(namespace, caipNetworkId, address) {
      followNetwork(kernel, namespace, caipNetworkId, address)
      void refreshNativeBalance(kernel, namespace)
    },
    reset: (namespace) => resetNamespace(kernel, namespace),
    end: (namespace) => endWalletSession(kernel, namespace),
    started: (facts) => startSession(kernel, facts, report),
    pairing: pairingReport(kernel),
    accountDetails: (connectorId, address, details) =>
      setAccountDetails(kernel, connectorId, address, details),
    smartAccountNetworks: (list) => setSmartAccountNetworks(kernel, list),
    forgetAccountDetails: () => forgetAccountDetails(kernel),
  }
  return report
}

const contexts = new WeakMap<Kernel, ConnectorContext>()

/** The context the lifecycle hands the connectors of `kernel` (one per modal). */
export function contextOf(kernel: Kernel): ConnectorContext {
  let context = contexts.get(kernel)
  if (!context) {
    context = { kernel, report: sessionReport(kernel) }
    contexts.set(kernel, context)
  }
  return context
}
