import type { KernelState } from '@portico/shared-types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '../kernel.ts'
import { createStore } from '../state/store.ts'
import { createToaster } from './toast.ts'

function kernelWithToasts() {
  const store = createStore({ toasts: {} } as KernelState)
  return { store, cleanups: [] } as unknown as Kernel
}

afterEach(() => vi.useRealTimers())

describe('toasts', () => {
  it('shows at once when none is open, then hides', () => {
    vi.useFakeTimers()
    const kernel = kernelWithToasts()
    const toast = createToaster(kernel)
    toast.success('Address copied')
    expect(kernel.store.get().toasts.current).toMatchObject({ variant: 'success', message: 'Address copied' })
    vi.advanceTimersByTime(2_600)
    expect(kernel.store.get().toasts.current).toBeUndefined()
  })

  it('closes an open toast and shows the new one after 150 ms (behaviour §4)', () => {
    vi.useFakeTimers()
    const kernel = kernelWithToasts()
    const toast = createToaster(kernel)
    toast.loading('Confirm transaction in your wallet')
    toast.error('Transaction error')
    expect(kernel.store.get().toasts.current).toBeUndefined()
    vi.advanceTimersByTime(149)
    expect(kernel.store.get().toasts.current).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(kernel.store.get().toasts.current).toMatchObject({
      variant: 'error',
      message: 'Transaction error',
    })
  })

  it('keeps a loading toast until replaced', () => {
    vi.useFakeTimers()
    const kernel = kernelWithToasts()
    createToaster(kernel).loading('Swapping')
    vi.advanceTimersByTime(60_000)
    expect(kernel.store.get().toasts.current?.variant).toBe('loading')
  })
})
