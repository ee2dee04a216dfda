/** Test only: kernel-alone modals that a test file creates and destroys after each test. */
import type { ModalOptions } from '@portico/shared-types'
import { createModal, type ModalHandle } from './createModal.ts'
import { localNetwork, NO_PLUGINS } from './testing.ts'

/** `make(extra)` creates a modal on the local network with every plugin off; `destroyAll()` in afterEach. */
export function trackModals() {
  let modals: ModalHandle[] = []
  return {
    make(extra: Partial<ModalOptions> = {}): ModalHandle {
      const modal = createModal({
        projectId: 'p',
        networks: [localNetwork()],
        features: NO_PLUGINS,
        ...extra,
      })
      modals.push(modal)
      return modal
    },
    destroyAll(): void {
      for (const modal of modals) modal.destroy()
      modals = []
    },
  }
}
