import { describe, expect, it } from 'vitest'
import { evmNetwork, mapBackend, type TestKernel, testKernel } from '../../../test/account/solanaTesting.ts'
import { connectExternal } from '../../account/connect.ts'
import { disconnectAll } from '../../account/disconnect.ts'
import { startConnectorDiscovery } from '../../account/discovery.ts'
import { autoReconnect } from '../../account/reconnect.ts'
import { STORAGE_KEYS } from '../../storage/keys.ts'
import { CONNECTOR_KINDS } from '../kinds.ts'
import { exampleKind } from './kind.ts'
import { type ExampleWallet, exampleWallets } from './wallets.ts'

const FIRST = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SECOND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function modal(backend = mapBackend()) {
  const kernel = testKernel({ networks: [evmNetwork(31337)] }, backend)
  // The one line that lists a new kind (connectors/kinds.ts holds the same list for every modal).
  kernel.connectorKinds = [...CONNECTOR_KINDS, exampleKind]
  return kernel
}

function withWallet(kernel: TestKernel, wallet: ExampleWallet) {
  exampleWallets(kernel).push(wallet)
  startConnectorDiscovery(kernel, window)
  return wallet
}

const scripted = (): ExampleWallet => ({
  name: 'Scripted',
  address: FIRST,
  chainId: 31337,
  authorized: false,
  listeners: new Set(),
  disconnects: 0,
})

describe('a new kind of wallet: one folder and one registry line', () => {
  it('is listed, connects, follows its account, disconnects and is restored by the kernel’s own lifecycle', async () => {
    const backend = mapBackend()
    const kernel = modal(backend)
    const wallet = withWallet(kernel, scripted())
    expect(kernel.store.get().connectors.map((connector) => connector.id)).toContain('example:Scripted')

    await expect(connectExternal(kernel, 'example:Scripted')).resolves.toEqual({ supported: true })
    expect(kernel.store.get().accounts.eip155).toMatchObject({
      status: 'connected',
      address: FIRST,
      caipAddress: `eip155:31337:${FIRST}`,
      connectorId: 'example:Scripted',
      connectedWalletInfo: { name: 'Scripted', type: 'EXTERNAL' },
    })
    expect(kernel.events.map((event) => event.name)).toContain('CONNECT_SUCCESS')
    expect(backend.data.get(STORAGE_KEYS.connectedConnectorId('eip155'))).toBe('example:Scripted')

    // The kind reports a change; the lifecycle writes it.
    for (const listener of wallet.listeners) listener(SECOND)
    expect(kernel.store.get().accounts.eip155?.address).toBe(SECOND)

    const reloaded = modal(backend)
    withWallet(reloaded, { ...wallet, listeners: new Set() })
    await expect(autoReconnect(reloaded)).resolves.toBe(true)
    expect(reloaded.store.get().accounts.eip155?.connectorId).toBe('example:Scripted')

    await disconnectAll(kernel)
    expect(wallet.disconnects).toBe(1)
    expect(wallet.listeners.size).toBe(0)
    expect(kernel.store.get().accounts.eip155?.status).toBe('disconnected')
  })

  it('a modal that does not list the kind does not connect its wallets', async () => {
    const kernel = testKernel({ networks: [evmNetwork(31337)] })
    exampleWallets(kernel).push(scripted())
    startConnectorDiscovery(kernel, window)
    expect(kernel.store.get().connectors.map((connector) => connector.id)).not.toContain('example:Scripted')
  })
})
