/**
 * An example kind of wallet, used by ./kind.test.ts only (no registry lists it): it shows that a kind
 * is one folder implementing connectors/kind.ts, listed by one line. Its wallet is a scripted one on
 * eip155 whose connectors are `example:<name>`.
 */
import { addConnector } from '../discovery.ts'
import type { ConnectorKind } from '../kind.ts'
import { type ExampleWallet, exampleWallets } from './wallets.ts'

export const EXAMPLE_ID_PREFIX = 'example:'

export const exampleKind: ConnectorKind = {
  id: 'example',
  namespace: 'eip155',
  claims: (_kernel, connectorId) => (connectorId.startsWith(EXAMPLE_ID_PREFIX) ? 'id' : false),
  discover({ kernel }) {
    for (const wallet of exampleWallets(kernel)) {
      const connector = {
        id: `${EXAMPLE_ID_PREFIX}${wallet.name}`,
        type: 'EXTERNAL',
        name: wallet.name,
        chain: 'eip155',
      } as const
      // Requests answer what the wallet holds (the kernel's request API reaches it like any wallet).
      addConnector(kernel, connector, {
        request: async ({ method }) => (method === 'eth_accounts' ? [wallet.address] : null),
      })
    }
    return undefined
  },
  load: async () => (await import('./body.ts')).exampleBody,
}

export type { ExampleWallet }
