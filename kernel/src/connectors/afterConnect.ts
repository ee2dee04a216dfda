/**
 * Plugin contract 1.1 `contributes.afterConnect`: hooks run once a connect flow is done (the kernel's
 * own view has closed the modal or shown UnsupportedChain), e.g. the sign-in plugin opens SIWX.
 */
import type { PorticoEvents } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'

/** Plugins whose ready definition has afterConnect hooks: a restored connection loads them. */
export const AFTER_CONNECT_KEY = '@portico/after_connect_plugins'
const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 16 && value.every((id) => typeof id === 'string')
const hookPlugins = (kernel: Kernel) => kernel.storage.getJson(AFTER_CONNECT_KEY, isIdList) ?? []

/**
 * Called when the app requires sign-in (`siwx.required`), the account has no session, and nothing
 * loaded can ask for one: a required sign-in is never skipped silently.
 */
export type SignInUnavailable = () => Promise<void>

/**
 * Once the plugins needed after a connection have settled: sign-in is required, there is no session,
 * and no ready plugin has an after-connect hook (the sign-in plugin's asks for it) — it could not load,
 * or none is configured. True when `signInUnavailable` was called.
 */
const signInPending = (kernel: Kernel) => {
  const { signIn } = kernel.store.get()
  return signIn.required && !signIn.hasSession
}

function refuseWithoutSignIn(kernel: Kernel, signInUnavailable: SignInUnavailable): boolean {
  if (!signInPending(kernel)) return false
  if (kernel.plugins.contributions('afterConnect').length > 0) return false
  const failed = Object.entries(kernel.store.get().plugins)
    .filter(([, record]) => record.status === 'failed')
    .map(([id]) => id)
  kernel.log.error(
    `Portico: sign-in is required but no plugin can ask for it${failed.length ? ` (${failed.join(', ')} could not load)` : ''}`,
  )
  void signInUnavailable()
  return true
}

/**
 * A connection restored on reload has no open to load plugins: those that had afterConnect hooks load
 * now (their setup sees the account, e.g. sign-in asks for a session). Only planned ones load.
 */
export function loadAfterConnectPlugins(kernel: Kernel, signInUnavailable: SignInUnavailable): void {
  const ids = hookPlugins(kernel)
  if (ids.length === 0) return
  void kernel.plugins.ensureLoaded(ids).then(() => refuseWithoutSignIn(kernel, signInUnavailable))
}

/** Remotes whose manifest says they are needed once connected, not loaded yet. */
const connectTimePlugins = (kernel: Kernel) =>
  Object.entries(kernel.store.get().plugins)
    .filter(([, record]) => record.loadOn === 'connect' && record.status !== 'ready')
    .map(([id]) => id)

export function startAfterConnectHooks(kernel: Kernel, signInUnavailable: SignInUnavailable): () => void {
  const remember = ({ id }: { id: string }) => {
    const ids = hookPlugins(kernel)
    const hooks = kernel.plugins.contributions('afterConnect').some((hook) => hook.pluginId === id)
    if (hooks !== ids.includes(id))
      kernel.storage.set(AFTER_CONNECT_KEY, hooks ? [...ids, id].slice(-16) : ids.filter((x) => x !== id))
  }
  kernel.bus.on('PLUGIN_READY', remember)
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let stopped = false
  const run = ({ namespace }: PorticoEvents['CONNECT_SUCCESS']) => {
    // A macrotask: the connecting view's own continuation (close or UnsupportedChain) runs first.
    const timer = setTimeout(async () => {
      timers.delete(timer)
      // Plugins needed only once connected (manifest loadOn "connect") load now: their hooks run when
      // they are ready (a failed or timed-out load settles too, without its hooks).
      const later = connectTimePlugins(kernel)
      // A required sign-in is judged once every pending load has settled: the plugin that asks for it
      // may still be loading with the others (its manifest not read yet, its setup running).
      if (signInPending(kernel)) await kernel.plugins.ensureLoaded()
      else if (later.length > 0) await kernel.plugins.ensureLoaded(later)
      if (stopped) return
      const account = kernel.store.get().accounts[namespace]
      if (account?.status !== 'connected') return
      if (refuseWithoutSignIn(kernel, signInUnavailable)) return
      const info = {
        namespace,
        ...(account.caipAddress ? { caipAddress: account.caipAddress } : {}),
        ...(account.connectorId ? { connectorId: account.connectorId } : {}),
      }
      for (const hook of kernel.plugins.contributions('afterConnect')) {
        const ctx = kernel.plugins.contextOf(hook.pluginId)
        if (!ctx || typeof hook.run !== 'function') continue
        Promise.resolve()
          .then(() => hook.run(ctx, info))
          .catch((error: unknown) =>
            kernel.log.error(`Portico: after-connect hook "${hook.id}" of "${hook.pluginId}" failed`, error),
          )
      }
    }, 0)
    timers.add(timer)
  }
  kernel.bus.on('CONNECT_SUCCESS', run)
  return () => {
    kernel.bus.off('PLUGIN_READY', remember)
    kernel.bus.off('CONNECT_SUCCESS', run)
    stopped = true
    for (const timer of timers) clearTimeout(timer)
  }
}
