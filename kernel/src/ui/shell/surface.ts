import type { Theme, ThemeVariables } from '@portico/shared-types'
import type { ReactNode } from 'react'
import type { SheetHandleProps } from './sheetHandle.ts'

/** What the modal's shell shows: plain data, one object until something in it changes. */
export interface SurfaceFrame {
  open: boolean
  /**
   * Closed but rendered and laid out, hidden, ahead of an open (the first paint readied on intent): the
   * open then only shows it.
   */
  prepared?: boolean
  theme: Theme
  zIndex: number
  /** The language of the modal's strings (WCAG 3.1.2). */
  lang: string
  /** Their writing direction (i18n/direction.ts): the modal's root `dir`. */
  dir: 'ltr' | 'rtl'
  title: string
  closeLabel: string
  backLabel: string
  closable: boolean
  /** A Back button (a view to go back to, and going back allowed). */
  back: boolean
  /** The current view's place in the history (`<depth>:<view>`); its entrance animates once. */
  viewKey: string
  direction: 'next' | 'prev'
}

/**
 * Who drives the shell (ModalSurface): the first paint of an open before the kernel body has loaded
 * (react/firstPaint.tsx), then the kernel (ui/Root.tsx). Both render the same shell into one React
 * root, so handing over keeps its DOM: the dialog, its name and the focus trap stay.
 */
export interface SurfaceModel {
  subscribe(listener: () => void): () => void
  frame(): SurfaceFrame
  close(): void
  goBack(): void
  /** Content slots, rendered inside the shell. */
  alerts(): ReactNode
  view(): ReactNode
  toasts(): ReactNode
  /** The control the visitor pressed in this model's content and that it could not act on. */
  pressed?(): string | undefined
  /**
   * The theme preset's variables (theme/presets.ts presetVariables); without it a named preset is not
   * applied. The first paint supplies it only once the presets' chunk has loaded.
   */
  presetVariables?(theme: Theme): ThemeVariables | undefined
  /** Drag-to-close for the bottom sheet's grip (ui/shell/sheetHandle.ts); without it the grip only shows. */
  sheetHandle?(sheet: () => HTMLElement | null, close: () => void): SheetHandleProps
}
