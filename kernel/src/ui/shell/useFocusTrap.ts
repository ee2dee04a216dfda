import { createFocusTrap } from 'focus-trap'
import { type RefObject, useEffect } from 'react'

/** Traps Tab inside the dialog while open and returns focus to the opener on close. */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current
    if (!active || !element) return
    const trap = createFocusTrap(element, {
      // Escape is handled by the modal so the SPEC's close rules apply.
      escapeDeactivates: false,
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
      fallbackFocus: element,
      initialFocus: () =>
        element.querySelector<HTMLElement>('.pt-body button, .pt-body a, .pt-body input') ?? element,
      tabbableOptions: { displayCheck: 'none' },
    })
    trap.activate()
    return () => {
      trap.deactivate()
    }
  }, [ref, active])
}
