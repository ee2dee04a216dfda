import type { KernelState, ModalOptions, Theme, ThemeVariables } from '@portico/shared-types'
import { createRoot, type Root } from 'react-dom/client'
import { afterNextPaint } from '../afterNextPaint.ts'
import type { ModalHandle } from '../createModal.ts'
import { UsageError } from '../errors/usage.ts'
import { registerModalPresence } from '../modalPresence.ts'
import { selectActiveAccount, selectActiveNetwork } from '../state/selectors.ts'
import type { PorticoInitialState } from '../storage/cookie.ts'
import { asThemePreset } from '../theme/presetName.ts'
import { createFirstPaint, type FirstPaint } from './firstPaint.tsx'
import { needsModalAtOnce } from './loadPolicy.ts'
import { serverState, withAccount } from './serverState.ts'

/**
 * What <PorticoProvider> shares with the hooks: one modal per provider, created in the browser only,
 * and the snapshots useSyncExternalStore reads (the server one is plain data, equal on both sides).
 * The modal's code (the kernel body) is a lazily imported chunk: it loads at once when a stored
 * connection must be restored, else on intent (`preload`: the connect button pointed at or focused)
 * or first use. An open before it has loaded paints the dialog at once from the page's own code
 * (firstPaint.tsx); the body then takes that dialog over.
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
   * The visitor is about to open (a connect button pointed at or focused): prepares the open's first
   * paint and fetches the kernel body, or, where an open cannot paint first, creates the modal and
   * preloads its plugins (handle.preloadPlugins).
   */
  preload(): Promise<void>
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
  'addNetwork',
  'removeNetwork',
  'setThemeMode',
  'setThemeVariables',
])

const serverOnly = () =>
  new UsageError(
    'MODAL_ON_SERVER',
    'Portico: the modal exists only in the browser; while rendering on a server use the hooks (useAccount, useModal…)',
  )

export function createPorticoClient({ options, modal, initialState }: PorticoClientInput): PorticoClient {
  if (!modal && !options)
    throw new UsageError('CONFIG_NO_CLIENT_OPTIONS', 'PorticoProvider needs `options` or `modal`')
  const account = initialState?.account
  const listeners = new Set<() => void>()
  let current: ModalHandle | undefined
  let loading: Promise<ModalHandle> | undefined
  let unsubscribe: (() => void) | undefined
  /** The container and React root the modal renders into, made by the first paint or the body's load. */
  let surface: { container: HTMLElement; root: Root } | undefined
  let firstPaint: FirstPaint | undefined
  const appended = options !== undefined && !options.disableAppend && !options.enableEmbedded
  /** Until the stored connection was restored (or found gone), the initial account stands in. */
  let restored = false
  let users = 0
  let retained = false
  let server: KernelState | undefined
  let merged: { from: KernelState; to: KernelState } | undefined
  // A theme preset's variables are a small chunk of their own, fetched with the page only when the app
  // names a preset; until it is here an open does not paint first (it would paint without the preset).
  const wantsPreset = options !== undefined && asThemePreset(options.themePreset) !== undefined
  let presetVariables: ((theme: Theme) => ThemeVariables | undefined) | undefined
  if (wantsPreset && typeof window !== 'undefined')
    import(/* webpackChunkName: "portico-theme-presets" */ '../theme/presets.ts').then(
      (presets) => {
        presetVariables = presets.presetVariables
      },
      // Unreachable chunk: no first paint; the kernel body, which carries the presets, paints the open.
      () => {},
    )

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
  const surfaceHost = () => {
    if (!surface) {
      const container = document.createElement('div')
      container.id = 'portico-modal'
      document.body.append(container)
      surface = { container, root: createRoot(container) }
    }
    return surface
  }
  const dropSurface = () => {
    surface?.root.unmount()
    surface?.container.remove()
    surface = undefined
    firstPaint = undefined
  }
  let body: Promise<typeof import('../createModal.ts')> | undefined
  /** Fetches and evaluates the kernel body, creating nothing. */
  const fetchBody = () => {
    if (!body) {
      // A mark for measuring (bench/run.ts): JS fetched before it is the page's own, after it the body.
      performance.mark?.('portico:kernel-body')
      body = import(/* webpackChunkName: "portico-kernel" */ '../createModal.ts')
      body.catch(() => {
        body = undefined
      })
    }
    return body
  }
  const load = (): Promise<ModalHandle> => {
    if (current) return Promise.resolve(current)
    if (typeof window === 'undefined') return Promise.reject(serverOnly())
    loading ??= fetchBody().then(
      ({ createModal }) => {
        loading = undefined
        if (current) return current
        // The modal renders where the first paint did (and opens into its dialog if it shows).
        const host = appended ? { ...surfaceHost(), open: firstPaint?.showing() === true } : undefined
        surface = undefined
        const handle = attach(createModal(options as ModalOptions, host))
        // Loaded after the provider unmounted: nothing keeps it.
        if (retained && users === 0) releaseIfUnused()
        return handle
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  let settleReady: (restored: boolean) => void = () => {}
  const ready = new Promise<boolean>((resolve) => {
    settleReady = resolve
  })
  const releaseIfUnused = () =>
    queueMicrotask(() => {
      if (users > 0) return
      dropSurface()
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
  /** The first paint of an open, while the modal is not created and the Connect view can be painted so. */
  const firstPaintFor = (view?: string) => {
    if (current || !appended || (view !== undefined && view !== 'Connect')) return undefined
    if (needsModalAtOnce(options, account) || (wantsPreset && !presetVariables)) return undefined
    firstPaint ??= createFirstPaint(
      getServerSnapshot(),
      options,
      () => surfaceHost().root,
      () => {
        // The page's own components hear of the open after its first frame, not inside it.
        if (firstPaint?.showing()) afterNextPaint(notify)
        else notify()
        // Closed while the body was taking the dialog over.
        if (current && firstPaint?.showing() === false) current.close()
      },
      presetVariables,
    )
    return firstPaint
  }
  let openSnapshot: KernelState | undefined
  const getSnapshot = () => {
    if (!current) {
      if (!firstPaint?.showing()) return getServerSnapshot()
      const server = getServerSnapshot()
      openSnapshot ??= { ...server, modal: { ...server.modal, open: true } }
      return openSnapshot
    }
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
    open: (view) => {
      if (current) return current.open(view as string | undefined)
      // A disconnected visitor's Connect view is painted in this frame; the modal is created, and takes
      // the dialog over, once it has been painted.
      if (firstPaintFor(view as string | undefined)?.show()) {
        afterNextPaint(() => void load())
        return
      }
      void load().then((handle) => handle.open(view as string | undefined))
    },
    close: () => {
      if (current) return current.close()
      firstPaint?.hide()
      return true
    },
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
          throw new UsageError(
            'MODAL_NOT_LOADED',
            `Portico: ${String(key)}() needs the loaded modal; await the handle's \`ready\` first`,
          )
        }
        methods.set(key, method)
      }
      return method
    },
  })
  registerModalPresence(
    lazyHandle,
    () => current !== undefined || loading !== undefined || needsModalAtOnce(options, account),
  )
  if (modal) attach(modal)
  return {
    subscribe,
    getSnapshot,
    getServerSnapshot,
    current: () => current,
    load,
    preload() {
      if (current) return current.preloadPlugins()
      // An open can paint first: only the body's code is fetched now, the modal waits for the open.
      if (firstPaintFor()?.prepare()) return fetchBody().then(() => undefined)
      return load().then((handle) => handle.preloadPlugins())
    },
    lazyHandle,
    retain() {
      users++
      retained = true
      if (!current && !loading && needsModalAtOnce(options, account)) void load()
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
