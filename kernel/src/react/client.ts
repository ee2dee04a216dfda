import type { KernelState, ModalOptions } from '@portico/shared-types'
import type { ModalHandle } from '../createModal.ts'
import { selectActiveAccount, selectActiveNetwork } from '../state/selectors.ts'
import type { PorticoInitialState } from '../storage/cookie.ts'
import { needsModalAtOnce, scheduleIdle } from './loadPolicy.ts'
import { serverState, withAccount } from './serverState.ts'

/**
 * What <PorticoProvider> shares with the hooks: one modal per provider, created in the browser only,
 * and the snapshots useSyncExternalStore reads (the server one is plain data, equal on both sides).
 * The modal's code (the kernel body) is a lazily imported chunk: it loads at once when a stored
 * connection must be restored, else when the browser is idle after load, or on first use.
 */
export interface PorticoClient {
  subscribe(listener: () => void): () => void
  getSnapshot(): KernelState
  getServerSnapshot(): KernelState
  /** The modal once created, else undefined. */
  current(): ModalHandle | undefined
  /** Loads the kernel body (once) and creates the modal; an error on a server. */
  load(): Promise<ModalHandle>
  /**
   * A stand-in for the modal whose methods reach it when called, so components may hold it while
   * rendering (on a server too) without creating it there. Before the body has loaded, actions are
   * queued (promise-returning ones resolve once it ran), getState/subscribe read the initial state,
   * getAddress/getNetwork read it too; getI18n, getProvider and mount need the loaded modal (after
   * `ready`) and throw before.
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

type Method = (...args: unknown[]) => unknown
/** Handle methods that return a promise: before the body loads, they wait for it. */
const ASYNC_METHODS = new Set<PropertyKey>([
  'switchNetwork',
  'disconnect',
  'setLocale',
  'request',
  'signMessage',
  'preloadPlugins',
])
/** Handle methods that only act: before the body loads, they are queued. */
const QUEUED_METHODS = new Set<PropertyKey>([
  'open',
  'addNetwork',
  'removeNetwork',
  'setThemeMode',
  'setThemeVariables',
])

const serverOnly = () =>
  new Error(
    'Portico: the modal exists only in the browser; while rendering on a server use the hooks (useAccount, useModal…)',
  )

export function createPorticoClient({ options, modal, initialState }: PorticoClientInput): PorticoClient {
  if (!modal && !options) throw new Error('PorticoProvider needs `options` or `modal`')
  const account = initialState?.account
  const listeners = new Set<() => void>()
  let current: ModalHandle | undefined
  let loading: Promise<ModalHandle> | undefined
  let unsubscribe: (() => void) | undefined
  let cancelIdle: (() => void) | undefined
  /** Until the stored connection was restored (or found gone), the initial account stands in. */
  let restored = false
  let users = 0
  let retained = false
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
  const load = (): Promise<ModalHandle> => {
    if (current) return Promise.resolve(current)
    if (typeof window === 'undefined') return Promise.reject(serverOnly())
    cancelIdle?.()
    cancelIdle = undefined
    if (!loading) {
      // A mark for measuring (bench/run.ts): JS fetched before it is the page's own, after it the body.
      performance.mark?.('portico:kernel-body')
      loading = import(/* webpackChunkName: "portico-kernel" */ '../createModal.ts').then(
        ({ createModal }) => {
          loading = undefined
          if (current) return current
          const handle = attach(createModal(options as ModalOptions))
          // Loaded after the provider unmounted: nothing keeps it.
          if (retained && users === 0) releaseIfUnused()
          return handle
        },
      )
    }
    return loading
  }
  let settleReady: (restored: boolean) => void = () => {}
  const ready = new Promise<boolean>((resolve) => {
    settleReady = resolve
  })
  const releaseIfUnused = () =>
    queueMicrotask(() => {
      if (users > 0) return
      cancelIdle?.()
      cancelIdle = undefined
      if (!current || current === modal) return
      const handle = current
      unsubscribe?.()
      current = undefined
      unsubscribe = undefined
      handle.destroy()
      notify()
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
  const getState = () => current?.getState() ?? getServerSnapshot()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  /** Methods answered before the body has loaded (and passed through after). */
  const early: Partial<Record<PropertyKey, Method>> = {
    getState,
    subscribe: (listener) => subscribe(() => (listener as (state: KernelState) => void)(getState())),
    getAddress: () => current?.getAddress() ?? selectActiveAccount(getState())?.address,
    getNetwork: () => current?.getNetwork() ?? selectActiveNetwork(getState()),
    close: () => (current ? current.close() : true),
    destroy: () => current?.destroy(),
    on: (event, handler) => {
      if (current) return current.on(event as never, handler as never)
      let off: (() => void) | undefined
      let cancelled = false
      void load().then((handle) => {
        if (!cancelled) off = handle.on(event as never, handler as never)
      })
      return () => {
        cancelled = true
        off?.()
      }
    },
  }
  const methods = new Map<PropertyKey, Method>()
  const lazyHandle = new Proxy({} as ModalHandle, {
    get(_, key) {
      if (key === 'ready') return ready
      if (key === 'then') return undefined
      let method = methods.get(key)
      if (!method) {
        const call = (handle: ModalHandle, args: unknown[]) =>
          (handle as unknown as Record<PropertyKey, Method>)[key]?.(...args)
        const answer = early[key]
        method = (...args) => {
          if (typeof window === 'undefined') throw serverOnly()
          if (answer) return answer(...args)
          if (current) return call(current, args)
          if (ASYNC_METHODS.has(key)) return load().then((handle) => call(handle, args))
          if (QUEUED_METHODS.has(key)) {
            void load().then((handle) => call(handle, args))
            return undefined
          }
          void load()
          throw new Error(
            `Portico: ${String(key)}() needs the loaded modal; await the handle's \`ready\` first`,
          )
        }
        methods.set(key, method)
      }
      return method
    },
  })
  if (modal) attach(modal)
  return {
    subscribe,
    getSnapshot,
    getServerSnapshot,
    current: () => current,
    load,
    lazyHandle,
    retain() {
      users++
      retained = true
      if (!current && !loading && !cancelIdle) {
        if (needsModalAtOnce(options, account)) void load()
        else cancelIdle = scheduleIdle(() => void load())
      }
      let released = false
      return () => {
        if (released) return
        released = true
        users--
        releaseIfUnused()
      }
    },
  }
}
