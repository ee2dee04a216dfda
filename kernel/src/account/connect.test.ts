import { describe, expect, it } from 'vitest'
import { exampleWalletModal } from '../../test/account/exampleTesting.ts'
import { evmNetwork, testKernel } from '../../test/account/solanaTesting.ts'
import { CONNECTOR_KINDS } from '../connectors/kinds.ts'
import { connectExternal } from './connect.ts'

describe('connectExternal (behaviour §8)', () => {
  it('a listed wallet whose namespace no kind connects fails with exactly Adapter not found, untouched state', async () => {
    const kernel = exampleWalletModal()
    expect(kernel.providers.has('example:Scripted')).toBe(true)
    // The modal no longer connects that kind (no kind serves eip155 either).
    kernel.connectorKinds = CONNECTOR_KINDS.filter((kind) => kind.namespace !== 'eip155')

    await expect(connectExternal(kernel, 'example:Scripted')).rejects.toMatchObject({
      code: 'ADAPTER_NOT_FOUND',
      message: 'Adapter not found',
    })
    expect(kernel.store.get().accounts.eip155?.status).toBe('disconnected')
    expect(kernel.events.map((event) => event.name)).not.toContain('CONNECT_ERROR')
  })

  it('a wallet that is not listed stays "not available"', async () => {
    const kernel = testKernel({ networks: [evmNetwork(31337)] })
    await expect(connectExternal(kernel, 'nobody')).rejects.toThrow('Wallet "nobody" is not available')
  })
})
