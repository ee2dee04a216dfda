import { DIALOG_PART_ATTRIBUTE } from '@portico/shared-types'
import { type RefObject, useEffect } from 'react'
import { trapTab } from './tabTrap.ts'

const dialogParts = () => [...document.querySelectorAll<HTMLElement>(`[${DIALOG_PART_ATTRIBUTE}]`)]

/** Where focus goes in the dialog when nothing else says: its first control, else the dialog. */
export const firstControl = (element: HTMLElement) =>
  element.querySelector<HTMLElement>('.pt-body button, .pt-body a, .pt-body input') ?? element

/**
 * Traps Tab inside the dialog (and its parts) while open and returns focus to the opener on close.
 * Focus moves into the dialog at once and stays where the visitor is.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current
    if (!active || !element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined
    firstControl(element).focus()
    const trap = trapTab(() => [element, ...dialogParts()], element)
    // A view whose content is replaced (a lazy view arriving, a stand-in swapped for its plugin) takes
    // the focused control with it, and focus falls to the page without any focus event: put it back.
    const keepFocus = new MutationObserver(() => {
      const current = document.activeElement
      if (current === null || current === document.body) firstControl(element).focus()
    })
    keepFocus.observe(element, { childList: true, subtree: true })
    return () => {
      keepFocus.disconnect()
      trap.release()
      opener?.focus()
    }
  }, [ref, active])
}
