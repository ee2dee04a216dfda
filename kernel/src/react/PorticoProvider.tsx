import type { ModalOptions } from '@portico/shared-types'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { createModal, type ModalHandle } from '../createModal.ts'

const ModalContext = createContext<ModalHandle | null>(null)

/** Creates the modal once (or uses the given one) and shares it with the hooks below. */
export function PorticoProvider({
  options,
  modal,
  children,
}: {
  options?: ModalOptions
  modal?: ModalHandle
  children?: ReactNode
}) {
  const [handle] = useState(() => {
    if (modal) return modal
    if (!options) throw new Error('PorticoProvider needs `options` or `modal`')
    return createModal(options)
  })
  useEffect(() => (modal ? undefined : () => handle.destroy()), [handle, modal])
  return <ModalContext.Provider value={handle}>{children}</ModalContext.Provider>
}

export function useModalHandle(): ModalHandle {
  const handle = useContext(ModalContext)
  if (!handle) throw new Error('Portico hooks must be used inside <PorticoProvider>')
  return handle
}
