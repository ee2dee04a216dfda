import type { KernelState } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import type { ViewRegistry } from './registry.ts'

export const UNSUPPORTED_CHAIN_VIEW = 'UnsupportedChain'

const currentView = (state: KernelState) => state.router.history.at(-1)?.view

function emitViewChanged(kernel: Kernel) {
  const { router } = kernel.store.get()
  const view = router.history.at(-1)?.view
  if (view) kernel.bus.emit('VIEW_CHANGED', { view, direction: router.direction })
}

export function pushView(kernel: Kernel, view: string, params?: Record<string, unknown>): void {
  kernel.store.update((draft) => {
    draft.router.history.push(params ? { view, params } : { view })
    draft.router.direction = 'next'
  })
  emitViewChanged(kernel)
}

export function replaceView(kernel: Kernel, view: string, params?: Record<string, unknown>): void {
  kernel.store.update((draft) => {
    draft.router.history.splice(-1, 1, params ? { view, params } : { view })
    draft.router.direction = 'next'
  })
  emitViewChanged(kernel)
}

/** Starts a fresh history at `view` (used on open and after connect/disconnect). */
export function resetView(kernel: Kernel, view: string, params?: Record<string, unknown>): void {
  kernel.store.update((draft) => {
    draft.router.history = [params ? { view, params } : { view }]
    draft.router.direction = 'next'
  })
  emitViewChanged(kernel)
}

/** behaviour §2: going back is blocked in the UnsupportedChain view. */
export const canGoBack = (state: KernelState): boolean => currentView(state) !== UNSUPPORTED_CHAIN_VIEW

/** behaviour §2: closing is disabled on sign/approve views when sign-in is required and no session exists. */
export function canClose(state: KernelState, views: ViewRegistry): boolean {
  const view = currentView(state)
  const sensitive = view ? views.get(view)?.sensitive === true : false
  return !(sensitive && state.signIn.required && !state.signIn.hasSession)
}

/** Pops one view; from the first view it closes the modal (via `close`). Returns what happened. */
export function goBack(kernel: Kernel, close: () => void): 'back' | 'closed' | 'blocked' {
  const state = kernel.store.get()
  if (!canGoBack(state)) return 'blocked'
  if (state.router.history.length <= 1) {
    close()
    return 'closed'
  }
  kernel.store.update((draft) => {
    draft.router.history.pop()
    draft.router.direction = 'prev'
  })
  emitViewChanged(kernel)
  return 'back'
}
