/** A test modal whose one wallet is the example kind's scripted wallet, discovered and not yet connected. */
import { startConnectorDiscovery } from '../../src/account/discovery.ts'
import { exampleKind } from '../../src/connectors/example/kind.ts'
import { exampleWallets } from '../../src/connectors/example/wallets.ts'
import type { ConnectorKind } from '../../src/connectors/kind.ts'
import { CONNECTOR_KINDS } from '../../src/connectors/kinds.ts'
import { evmNetwork, type TestKernel, testKernel } from './solanaTesting.ts'

export const SCRIPTED_WALLET_ID = 'example:Scripted'

export function exampleWalletModal(kind: ConnectorKind = exampleKind): TestKernel {
  const kernel = testKernel({ networks: [evmNetwork(31337)] })
  kernel.connectorKinds = [...CONNECTOR_KINDS, kind]
  exampleWallets(kernel).push({
    name: 'Scripted',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    chainId: 31337,
    authorized: false,
    listeners: new Set(),
    disconnects: 0,
  })
  startConnectorDiscovery(kernel, window)
  return kernel
}
