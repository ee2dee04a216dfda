/**
 * Plugin contract 1.1 `contributes.afterConnect`: hooks run once a connect flow is done (the kernel's
 * own view has closed the modal or shown UnsupportedChain), e.g. the sign-in plugin opens SIWX.
 */
import type { PorticoEvents } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'

export function startAfterConnectHooks(kernel: Kernel): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const run = ({ namespace }: PorticoEvents['CONNECT_SUCCESS']) => {
    // A macrotask: the connecting view's own continuation (close or UnsupportedChain) runs first.
    const timer = setTimeout(() => {
      timers.delete(timer)
      const account = kernel.store.get().accounts[namespace]
      if (account?.status !== 'connected') return
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
    kernel.bus.off('CONNECT_SUCCESS', run)
    for (const timer of timers) clearTimeout(timer)
  }
}
