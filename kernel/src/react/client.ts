import type { KernelState, ModalOptions } from '@portico/shared-types'
import { createModal, type ModalHandle } from '../createModal.ts'
import type { PorticoInitialState } from '../storage/cookie.ts'
import { serverState, withAccount } from './serverState.ts'

/**
 * What <PorticoProvider> shares with the hooks: one modal per provider, created in the browser only,
 * and the snapshots useSyncExternalStore reads (the server one is plain data, equal on both sides).
 */
export interface PorticoClient {
  subscribe(listener: () => void): () => void
  getSnapshot(): KernelState
  getServerSnapshot(): KernelState
  /** The modal; created on first use in the browser, an error on a server. */
  handle(): ModalHandle
  /**
   * A stand-in for the modal whose methods reach it when called, so components may hold it while
   * rendering (on a server too) without creating it there.
   */
  lazyHandle: ModalHandle
  /**
   * Keeps the modal alive while mounted. The last release destroys it a microtask later, so StrictMode's
   * mount → unmount → mount keeps the one modal. A `modal` given by the app is never destroyed here.
   */
  retain(): () => void
}

export interface PorticoClientInput {
  options?: ModalOptions
  modal?: ModalHandle
  initialState?: PorticoInitialState
}

export function createPorticoClient({ options, modal, initialState }: PorticoClientInput): PorticoClient {
  if (!modal && !options) throw new Error('PorticoProvider needs `options` or `modal`')
  const account = initialState?.account
  const listeners = new Set<() => void>()
  let current: ModalHandle | undefined
  let unsubscribe: (() => void) | undefined
  /** Until the stored connection was restored (or found gone), the initial account stands in. */
  let restored = false
  let users = 0
  let server: KernelState | undefined
  let merged: { from: KernelState; to: KernelState } | undefined

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const attach = (handle: ModalHandle) => {
    current = handle
    restored = account === undefined
    unsubscribe = handle.subscribe(notify)
    const settle = () => {
      if (current !== handle || restored) return
      restored = true
      notify()
    }
    handle.ready.then(settleReady, () => settleReady(false))
    handle.ready.then(settle, settle)
    // The snapshot changed from the server one: tell subscribers after this render, never during it.
    queueMicrotask(notify)
    return handle
  }
  const handle = () => {
    if (current) return current
    if (typeof window === 'undefined') {
      throw new Error(
        'Portico: the modal exists only in the browser; while rendering on a server use the hooks (useAccount, useModal…)',
      )
    }
    return attach(createModal(options as ModalOptions))
  }
  let settleReady: (restored: boolean) => void = () => {}
  const ready = new Promise<boolean>((resolve) => {
    settleReady = resolve
  })
  type Method = (...args: unknown[]) => unknown
  const methods = new Map<PropertyKey, Method>()
  const lazyHandle = new Proxy({} as ModalHandle, {
    get(_, key) {
      if (key === 'ready') return ready
      if (key === 'then') return undefined
      let method = methods.get(key)
      if (!method) {
        method = (...args) => (handle() as unknown as Record<PropertyKey, Method>)[key]?.(...args)
        methods.set(key, method)
      }
      return method
    },
  })
  const getServerSnapshot = () => {
    server ??= options
      ? serverState(options, account)
      : withAccount((modal as ModalHandle).getState(), account)
    return server
  }
  const getSnapshot = () => {
    if (!current) return getServerSnapshot()
    const state = current.getState()
    if (restored) return state
    if (merged?.from !== state) merged = { from: state, to: withAccount(state, account) }
    return merged.to
  }
  if (modal) attach(modal)
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot,
    getServerSnapshot,
    handle,
    lazyHandle,
    retain() {
      users++
      handle()
      let released = false
      return () => {
        if (released) return
        released = true
        users--
        queueMicrotask(() => {
          if (users > 0 || !current || current === modal) return
          const handle = current
          unsubscribe?.()
          current = undefined
          unsubscribe = undefined
          handle.destroy()
          notify()
        })
      }
    },
  }
}
