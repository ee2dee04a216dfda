import type { Kernel } from '../kernel.ts'
import { canClose, resetView } from '../router/router.ts'
import { selectIsConnected } from '../state/selectors.ts'

export const CONNECT_VIEW = 'Connect'
export const ACCOUNT_VIEW = 'Account'

/** Opens at `view`, or at Account when connected and Connect otherwise. */
export function openModal(kernel: Kernel, view?: string): void {
  const state = kernel.store.get()
  const target = view ?? (selectIsConnected(state) ? ACCOUNT_VIEW : CONNECT_VIEW)
  if (!kernel.views.has(target)) {
    kernel.log.error(`Portico: cannot open unknown view "${target}"`)
    return
  }
  resetView(kernel, target)
  kernel.store.update((draft) => {
    draft.modal.open = true
  })
  kernel.bus.emit('MODAL_OPEN', { view: target })
}

/** Closes unless a behaviour §2 rule blocks it; returns whether it closed. */
export function closeModal(kernel: Kernel): boolean {
  const state = kernel.store.get()
  if (!state.modal.open) return true
  if (!canClose(state, kernel.views)) return false
  kernel.store.update((draft) => {
    draft.modal.open = false
  })
  kernel.bus.emit('MODAL_CLOSE', { connected: selectIsConnected(kernel.store.get()) })
  return true
}
