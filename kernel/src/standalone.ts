/**
 * The build for hosts without React: `window.Portico.createModal(options)`; React comes bundled.
 * Registers `<portico-button>`, which uses the last modal created here unless given its own.
 */
import type { ModalOptions } from '@portico/shared-types'
import { definePorticoButton, getDefaultModal, setDefaultModal } from './element.ts'
import { createModal as createKernelModal, type ModalHandle } from './index.ts'

export { BUILT_IN_NETWORKS, defineNetwork, definePlugin } from './index.ts'
export { definePorticoButton }

export function createModal(options: ModalOptions): ModalHandle {
  const handle = createKernelModal(options)
  const destroy = handle.destroy
  handle.destroy = () => {
    if (getDefaultModal() === handle) setDefaultModal(undefined)
    destroy()
  }
  setDefaultModal(handle)
  return handle
}

definePorticoButton()
