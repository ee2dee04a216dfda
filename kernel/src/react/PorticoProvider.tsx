'use client'
import type { ModalOptions } from '@portico/shared-types'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import type { ModalHandle } from '../createModal.ts'
import { UsageError } from '../errors/usage.ts'
import type { PorticoInitialState } from '../storage/cookie.ts'
import { createPorticoClient, type PorticoClient } from './client.ts'

const ClientContext = createContext<PorticoClient | null>(null)

/**
 * Creates one modal per provider (or uses the given one) and shares it with the hooks below. The modal
 * is created in the browser only, after mount (or on first use of useModalHandle); on a server and during
 * hydration the hooks read `initialState` (see cookieToInitialState), so both render the same markup.
 * `options` are read once: a new object on a later render does not recreate the modal.
 */
export function PorticoProvider({
  options,
  modal,
  initialState,
  children,
}: {
  options?: ModalOptions
  modal?: ModalHandle
  initialState?: PorticoInitialState
  children?: ReactNode
}) {
  const [client] = useState(() =>
    createPorticoClient({
      ...(options ? { options } : {}),
      ...(modal ? { modal } : {}),
      ...(initialState ? { initialState } : {}),
    }),
  )
  useEffect(() => client.retain(), [client])
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
}

export function usePorticoClient(): PorticoClient {
  const client = useContext(ClientContext)
  if (!client) throw new UsageError('OUTSIDE_PROVIDER', 'Portico hooks must be used inside <PorticoProvider>')
  return client
}

/**
 * The modal handle, stable for the provider's life. Its methods reach the modal when called (the browser
 * creates it on first use); calling one while rendering on a server throws.
 */
export function useModalHandle(): ModalHandle {
  return usePorticoClient().lazyHandle
}
