import type { KernelState } from '@portico/shared-types'
import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createViewRegistry } from './registry.ts'
import { canClose, goBack, pushView, resetView, UNSUPPORTED_CHAIN_VIEW } from './router.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

function kernelFor(siwxRequired = false) {
  const options = {
    projectId: 'p',
    networks: [network] as [typeof network],
    siwx: { required: siwxRequired },
  }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const views = createViewRegistry()
  const component = () => null
  views.register('Connect', { component, title: 'Connect', owner: 'kernel' })
  views.register('Sign', { component, title: 'Sign', owner: 'siwx', sensitive: true })
  return { store, views, bus: createEventBus() } as unknown as Kernel
}

describe('router', () => {
  it('pushes with direction next and pops with direction prev', () => {
    const kernel = kernelFor()
    const changes: string[] = []
    kernel.bus.on('VIEW_CHANGED', ({ view, direction }) => changes.push(`${view}:${direction}`))
    resetView(kernel, 'Connect')
    pushView(kernel, 'AllWallets', { page: 2 })
    expect(kernel.store.get().router.history.at(-1)).toEqual({ view: 'AllWallets', params: { page: 2 } })
    expect(goBack(kernel, vi.fn())).toBe('back')
    expect(changes).toEqual(['Connect:next', 'AllWallets:next', 'Connect:prev'])
  })

  it('going back from the first view closes the modal', () => {
    const kernel = kernelFor()
    const close = vi.fn()
    resetView(kernel, 'Connect')
    expect(goBack(kernel, close)).toBe('closed')
    expect(close).toHaveBeenCalledOnce()
  })

  it('going back is blocked in UnsupportedChain', () => {
    const kernel = kernelFor()
    const close = vi.fn()
    resetView(kernel, 'Account')
    pushView(kernel, UNSUPPORTED_CHAIN_VIEW)
    expect(goBack(kernel, close)).toBe('blocked')
    expect(kernel.store.get().router.history).toHaveLength(2)
    expect(close).not.toHaveBeenCalled()
  })

  it('closing is blocked on sensitive views only while sign-in is required and no session exists', () => {
    const required = kernelFor(true)
    resetView(required, 'Sign')
    expect(canClose(required.store.get(), required.views)).toBe(false)
    required.store.update((draft) => {
      draft.signIn.hasSession = true
    })
    expect(canClose(required.store.get(), required.views)).toBe(true)

    const optional = kernelFor(false)
    resetView(optional, 'Sign')
    expect(canClose(optional.store.get(), optional.views)).toBe(true)

    resetView(required, 'Connect')
    required.store.update((draft) => {
      draft.signIn.hasSession = false
    })
    expect(canClose(required.store.get(), required.views)).toBe(true)
  })

  it('refuses a second owner for the same view name', () => {
    const views = createViewRegistry()
    views.register('Receive', { component: () => null, title: 'Receive', owner: 'receive' })
    expect(() => views.register('Receive', { component: () => null, title: 'x', owner: 'other' })).toThrow(
      /already registered by receive/,
    )
    views.removeOwner('receive')
    expect(views.has('Receive')).toBe(false)
  })
})
