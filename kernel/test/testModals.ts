/** Test only: kernel-alone modals that a test file creates and destroys after each test. */
import type { ModalOptions } from '@portico/shared-types'
import { afterEach } from 'vitest'
import { createModal, type ModalHandle } from '../src/createModal.ts'
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

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
export const PLUGIN_LOAD_WAIT = { timeout: 15_000 }

/**
 * What a test makes, undone after each test: `const made = madeEachTest()` at the file's top, then
 * `made.modal = createModal(…)` and `made.wallet = testWallet()`; the modal is destroyed, the wallet
 * stopped and localStorage cleared.
 */
export function madeEachTest(): { modal?: ModalHandle; wallet?: { stop(): void } } {
  const made: { modal?: ModalHandle; wallet?: { stop(): void } } = {}
  afterEach(() => {
    made.modal?.destroy()
    made.wallet?.stop()
    delete made.modal
    delete made.wallet
    localStorage.clear()
  })
  return made
}
