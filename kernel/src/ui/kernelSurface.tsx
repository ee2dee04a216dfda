import type { KernelState } from '@portico/shared-types'
import type { KernelActions } from '../actions.ts'
import { AlertBar } from '../alerts/AlertBar.tsx'
import { textDirection } from '../i18n/direction.ts'
import { viewTitle } from '../i18n/viewTitles.ts'
import type { Kernel } from '../kernel.ts'
import { canClose, canGoBack } from '../router/router.ts'
import { presetVariables } from '../theme/presets.ts'
import { sheetHandle } from './shell/sheetHandle.ts'
import type { SurfaceFrame, SurfaceModel } from './shell/surface.ts'
import { Toasts } from './shell/Toasts.tsx'
import { ViewHost } from './shell/ViewHost.tsx'

/** The shell's model from the kernel: its state and language, its views and actions. */
export function kernelSurface(kernel: Kernel, actions: KernelActions): SurfaceModel {
  const { store, i18n, views } = kernel
  let cached: { state: KernelState; version: number; frame: SurfaceFrame } | undefined
  const frame = (): SurfaceFrame => {
    const state = store.get()
    const version = i18n.version()
    if (cached?.state === state && cached.version === version) return cached.frame
    const { history, direction } = state.router
    const route = history.at(-1)
    const definition = route ? views.get(route.view) : undefined
    const next: SurfaceFrame = {
      open: state.modal.open,
      theme: state.theme,
      zIndex: state.options.zIndex,
      lang: i18n.contentLanguage(),
      dir: textDirection(i18n.language()),
      title: route && definition ? viewTitle(i18n, route.view, definition) : '',
      closeLabel: i18n.t('close'),
      backLabel: i18n.t('back'),
      closable: canClose(state, views),
      back: canGoBack(state) && history.length > 1,
      viewKey: route ? `${history.length}:${route.view}` : '',
      direction,
    }
    // Unchanged as shown: the same object, so the shell does not render again.
    const same =
      cached !== undefined &&
      (Object.keys(next) as (keyof SurfaceFrame)[]).every((key) => next[key] === cached?.frame[key])
    cached = { state, version, frame: same && cached ? cached.frame : next }
    return cached.frame
  }
  return {
    subscribe(listener) {
      const offStore = store.subscribe(listener)
      const offI18n = i18n.subscribe(listener)
      return () => {
        offStore()
        offI18n()
      }
    },
    frame,
    close: () => void actions.close(),
    goBack: () => void actions.goBack(),
    alerts: () => <AlertBar />,
    view: () => <ViewHost />,
    toasts: () => <Toasts />,
    sheetHandle,
    presetVariables,
  }
}
