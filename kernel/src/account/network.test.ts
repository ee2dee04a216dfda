// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { evmNetwork, mapBackend, solanaNetwork, testKernel } from '../../test/account/solanaTesting.ts'
import { chooseNetworkToConnect } from './network.ts'

describe('chooseNetworkToConnect (the network list, a namespace without a connected account)', () => {
  it("sets that namespace's network only: the active namespace, storage and events wait for the connection", () => {
    const backend = mapBackend()
    const devnet = solanaNetwork('http://127.0.0.1:8899')
    const kernel = testKernel({ networks: [evmNetwork(31337), devnet] }, backend)
    const before = kernel.store.get()
    const stored = new Map(backend.data)

    chooseNetworkToConnect(kernel, devnet)

    const after = kernel.store.get()
    expect(after.networks.byNamespace.solana?.caipNetwork).toEqual(devnet)
    expect(after.networks.activeNamespace).toBe(before.networks.activeNamespace)
    expect(after.networks.byNamespace.eip155).toBe(before.networks.byNamespace.eip155)
    expect(backend.data).toEqual(stored)
    expect(kernel.events).toEqual([])
  })

  it('leaves the store alone for a namespace the app did not request', () => {
    const kernel = testKernel({})
    const before = kernel.store.get()
    chooseNetworkToConnect(kernel, solanaNetwork('http://127.0.0.1:8899'))
    expect(kernel.store.get()).toBe(before)
  })
})
