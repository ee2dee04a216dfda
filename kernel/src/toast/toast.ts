import { TOAST_RESHOW_DELAY_MS, type ToastVariant } from '@portico/shared-types'
import type { ToastApi } from '@portico/shared-types/plugin'
import type { Kernel } from '../kernel.ts'

const VISIBLE_MS = 2_500

/**
 * behaviour §4: a new toast while one is open closes the old one and shows the new one after 150 ms.
 * Loading toasts stay until replaced or dismissed.
 */
export function createToaster(kernel: Kernel): ToastApi & { dismiss(): void } {
  let nextId = 1
  let pending: ReturnType<typeof setTimeout> | undefined
  let hide: ReturnType<typeof setTimeout> | undefined
  const clearTimers = () => {
    clearTimeout(pending)
    clearTimeout(hide)
  }
  kernel.cleanups.push(clearTimers)

  const dismiss = () => {
    clearTimers()
    kernel.store.update((draft) => {
      delete draft.toasts.current
    })
  }

  const present = (variant: ToastVariant, message: string, svg?: string) => {
    const id = nextId++
    kernel.store.update((draft) => {
      draft.toasts.current = svg ? { id, variant, message, svg } : { id, variant, message }
    })
    if (variant !== 'loading') hide = setTimeout(dismiss, VISIBLE_MS)
  }

  const show = (variant: ToastVariant, message: string, svg?: string) => {
    clearTimers()
    if (kernel.store.get().toasts.current) {
      kernel.store.update((draft) => {
        delete draft.toasts.current
      })
      pending = setTimeout(() => present(variant, message, svg), TOAST_RESHOW_DELAY_MS)
    } else {
      present(variant, message, svg)
    }
  }

  return {
    success: (message) => show('success', message),
    error: (message) => show('error', message),
    loading: (message) => show('loading', message),
    svg: (message, svg) => show('svg', message, svg),
    dismiss,
  }
}
