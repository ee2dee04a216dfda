/** The example kind's body: facts of its scripted wallet, and its account changes as reports. */
import type { Connector } from '@portico/shared-types'
import type { Kernel } from '../../kernel.ts'
import { connectorOf } from '../discovery.ts'
import { walletUnavailable } from '../errors.ts'
import type { AccountFacts, ConnectorBody, SessionFacts } from '../kind.ts'
import { type ExampleWallet, exampleWallet } from './wallets.ts'

const account = (address: string): AccountFacts => ({
  address,
  allAccounts: [{ namespace: 'eip155', address, type: 'eoa' }],
})

function session(connector: Connector, wallet: ExampleWallet): SessionFacts {
  return {
    namespace: 'eip155',
    connector,
    chainId: wallet.chainId,
    account: () => account(wallet.address),
    watch(report) {
      const onChange = (address: string | undefined) => {
        if (address) report.account('eip155', connector, account(address))
        else report.reset('eip155')
      }
      wallet.listeners.add(onChange)
      return () => wallet.listeners.delete(onChange)
    },
  }
}

const walletOf = (kernel: Kernel, connectorId: string) => {
  const wallet = exampleWallet(kernel, connectorId)
  const connector = connectorOf(kernel, connectorId)
  return wallet && connector ? { wallet, connector } : undefined
}

export const exampleBody: ConnectorBody = {
  async connect({ kernel }, connector) {
    const found = walletOf(kernel, connector.id)
    if (!found) throw walletUnavailable(connector.id)
    found.wallet.authorized = true
    return session(found.connector, found.wallet)
  },
  async restore({ kernel }, connectorId) {
    const found = walletOf(kernel, connectorId)
    return found?.wallet.authorized ? session(found.connector, found.wallet) : undefined
  },
  async disconnect({ kernel }, connectorId) {
    const wallet = exampleWallet(kernel, connectorId)
    if (!wallet) return
    wallet.authorized = false
    wallet.disconnects += 1
  },
}
