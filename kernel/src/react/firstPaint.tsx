import type { KernelState, ModalOptions, Theme, ThemeVariables } from '@portico/shared-types'
import { type ReactNode, StrictMode } from 'react'
import { flushSync } from 'react-dom'
import type { Root } from 'react-dom/client'
import { KernelContext } from '../ui/kernelContext.ts'
import { ModalSurface } from '../ui/shell/ModalSurface.tsx'
import { ensureShellStyles } from '../ui/shell/shellStyles.ts'
import type { SurfaceFrame, SurfaceModel } from '../ui/shell/surface.ts'
import { controlKey } from '../ui/shell/takeoverFocus.ts'
import { FirstPaintConnect } from './FirstPaintConnect.tsx'
import { FIRST_PAINT_STRINGS as S } from './firstPaintStrings.ts'
import { firstPaintConnectView } from './firstPaintView.ts'

export interface FirstPaint {
  /** The dialog is showing and the visitor has not closed it: the kernel body opens into it. */
  showing(): boolean
  /**
   * Readies an open (the visitor is about to click): reads the view and renders the closed shell, so
   * the click only opens it. Returns whether an open can paint first (the kernel would show the same).
   */
  prepare(): boolean
  /** Paints the open Connect view at once, where the kernel would show it the same; returns whether it did. */
  show(): boolean
  hide(): void
}

/**
 * An open before the kernel body has loaded: the modal's shell and the Connect view's wallets, from code
 * already in the page, rendered into `root()` the way the kernel renders (ui/mount.tsx), so the body
 * rendering into the same root keeps the dialog (its DOM, name and focus). `onChange` hears it show and
 * hide. `presetVariables` is the theme preset's lookup (theme/presets.ts), where the app names a preset.
 */
export function createFirstPaint(
  state: KernelState,
  app: ModalOptions,
  root: () => Root,
  onChange: () => void,
  presetVariables?: (theme: Theme) => ThemeVariables | undefined,
): FirstPaint {
  const { options, theme } = state
  const listeners = new Set<() => void>()
  let frame: SurfaceFrame = {
    open: false,
    theme,
    zIndex: options.zIndex,
    lang: 'en',
    dir: 'ltr',
    title: S.connectWallet,
    closeLabel: S.close,
    // No Back button on a first view.
    backLabel: '',
    closable: true,
    back: false,
    viewKey: '1:Connect',
    direction: 'next',
  }
  let content: ReactNode = null
  let pressed: string | undefined
  const setOpen = (open: boolean) => {
    frame = { ...frame, open, prepared: open }
    for (const listener of [...listeners]) listener()
    onChange()
  }
  const hide = () => {
    if (!frame.open) return
    // The next open reads the page's wallets again.
    content = null
    setOpen(false)
  }
  const model: SurfaceModel = {
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    frame: () => frame,
    close: hide,
    goBack: hide,
    alerts: () => null,
    view: () => content,
    toasts: () => null,
    pressed: () => pressed,
    ...(presetVariables ? { presetVariables } : {}),
  }
  // A new element each time, so a render reads the frame even before the shell has subscribed to it.
  const tree = () => (
    <StrictMode>
      <KernelContext.Provider value={null}>
        <ModalSurface model={model} embedded={false} />
      </KernelContext.Provider>
    </StrictMode>
  )
  /** Reads the view from the page; false where the kernel's first frame could differ. */
  const read = () => {
    if (content) return true
    const view = firstPaintConnectView(options, app, window)
    if (!view) return false
    pressed = undefined
    content = (
      <FirstPaintConnect
        view={view}
        onPress={(control) => {
          pressed = controlKey(control)
        }}
      />
    )
    ensureShellStyles(document, options.nonce)
    return true
  }
  return {
    showing: () => frame.open,
    prepare() {
      if (!read()) return false
      // Rendered now, hidden (before the press that may follow at once): the click only shows it.
      if (!frame.prepared) {
        frame = { ...frame, prepared: true }
        flushSync(() => root().render(tree()))
      }
      return true
    },
    show() {
      if (!read()) return false
      // Rendered in the click, painted in the next frame: nothing of this waits for the network.
      flushSync(() => {
        setOpen(true)
        root().render(tree())
      })
      return true
    },
    hide,
  }
}
