import { DIALOG_PART_ATTRIBUTE } from '@portico/shared-types'
import type { FocusTrap } from 'focus-trap'
import { type RefObject, useEffect } from 'react'
import { afterNextPaint } from '../../afterNextPaint.ts'

/** The trap library is a chunk of its own, fetched on the first open: no kernel byte before it. */
const loadFocusTrap = () => import(/* webpackChunkName: "focus-trap" */ 'focus-trap')

const dialogParts = () => [...document.querySelectorAll<HTMLElement>(`[${DIALOG_PART_ATTRIBUTE}]`)]

/** Where focus goes in the dialog when nothing else says: its first control, else the dialog. */
export const firstControl = (element: HTMLElement) =>
  element.querySelector<HTMLElement>('.pt-body button, .pt-body a, .pt-body input') ?? element

/**
 * Traps Tab inside the dialog while open and returns focus to the opener on close. Focus moves into the
 * dialog at once; the trap takes over Tab when its chunk has arrived (asked for once the dialog has
 * painted, a few ms after the first open).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current
    if (!active || !element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined
    firstControl(element).focus()
    let trap: FocusTrap | undefined
    let closed = false
    // Until the trap is active, a view whose content is replaced (a lazy view arriving, a stand-in
    // swapped for its plugin) takes the focused control with it and focus falls to the page: put it back.
    const keepFocus = new MutationObserver(() => {
      const current = document.activeElement
      if (!trap && (current === null || current === document.body)) firstControl(element).focus()
    })
    keepFocus.observe(element, { childList: true, subtree: true })
    // Its chunk is asked for once the dialog has painted: fetching it is no part of the open's frame.
    const trapLoaded = new Promise<void>((resolve) => afterNextPaint(resolve)).then(loadFocusTrap)
    void trapLoaded.then(({ createFocusTrap }) => {
      if (closed) return
      trap = createFocusTrap([element, ...dialogParts()], {
        // Escape is handled by the modal so the behaviour reference's close rules apply.
        escapeDeactivates: false,
        clickOutsideDeactivates: false,
        allowOutsideClick: true,
        returnFocusOnDeactivate: true,
        setReturnFocus: () => opener ?? false,
        fallbackFocus: element,
        // Keep where the visitor already is inside the dialog.
        initialFocus: () =>
          document.activeElement instanceof HTMLElement && element.contains(document.activeElement)
            ? document.activeElement
            : firstControl(element),
        tabbableOptions: { displayCheck: 'none' },
      })
      trap.activate()
      keepFocus.disconnect()
      const current = trap
      parts = new MutationObserver(() => current.updateContainerElements([element, ...dialogParts()]))
      parts.observe(document.body, { subtree: true, attributeFilter: [DIALOG_PART_ATTRIBUTE] })
    })
    let parts: MutationObserver | undefined
    return () => {
      closed = true
      keepFocus.disconnect()
      parts?.disconnect()
      if (trap) trap.deactivate()
      else opener?.focus()
    }
  }, [ref, active])
}
