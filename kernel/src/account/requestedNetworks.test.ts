import type { KernelState, ModalOptions } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { addRequestedNetwork, removeRequestedNetwork } from './requestedNetworks.ts'
import { needsAddChain } from './switchNetwork.ts'

const net = (id: number) => ({
  id,
  caipNetworkId: `eip155:${id}` as const,
  name: `Chain ${id}`,
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})

function kernelWith(...ids: number[]) {
  const [first, ...rest] = ids.map(net)
  if (!first) throw new Error('need a network')
  const options: ModalOptions = { projectId: 'p', networks: [first, ...rest] }
  return {
    store: createStore<KernelState>(createInitialState(resolveOptions(options), options)),
  } as unknown as Kernel
}

const requested = (kernel: Kernel) =>
  kernel.store.get().networks.byNamespace.eip155?.requestedCaipNetworks.map((network) => network.id)

describe('requested networks', () => {
  it('adds once and removes, moving the active network off a removed one', () => {
    const kernel = kernelWith(1, 2)
    addRequestedNetwork(kernel, net(3))
    addRequestedNetwork(kernel, net(3))
    expect(requested(kernel)).toEqual([1, 2, 3])
    removeRequestedNetwork(kernel, net(1))
    expect(requested(kernel)).toEqual([2, 3])
    expect(kernel.store.get().networks.byNamespace.eip155?.caipNetwork?.id).toBe(2)
  })

  it('refuses to remove the last network of a namespace (behaviour §4)', () => {
    const kernel = kernelWith(1)
    expect(() => removeRequestedNetwork(kernel, net(1))).toThrow(
      'Cannot remove the last network of the eip155 namespace',
    )
    expect(requested(kernel)).toEqual([1])
  })

  it('refuses an unknown network', () => {
    expect(() => removeRequestedNetwork(kernelWith(1, 2), net(9))).toThrow(
      'eip155:9 is not a requested network',
    )
  })
})

describe('chain-switch codes (behaviour §8)', () => {
  it('adds the chain on 4902 and on the invalid-chain-id code, not on other errors', () => {
    expect(needsAddChain({ code: 4902 })).toBe(true)
    expect(needsAddChain({ code: -32603 })).toBe(true)
    expect(needsAddChain({ code: 32603 })).toBe(true)
    expect(needsAddChain({ code: 5000, data: { originalError: { code: 4902 } } })).toBe(true)
    expect(needsAddChain({ code: 4001 })).toBe(false)
    expect(needsAddChain({ code: 5000 })).toBe(false)
  })
})
