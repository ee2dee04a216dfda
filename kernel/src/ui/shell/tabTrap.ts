/**
 * Keeps keyboard focus inside the dialog and its parts (an embedded wallet's frame shown beside it):
 * Tab from the last stop goes to the first, Shift+Tab from the first to the last, and focus that lands
 * outside (a click on the page, a frame tabbed out of) comes back. Clicks outside are let through: the
 * modal decides what they do. Plain DOM, a few hundred bytes, so it ships with the shell.
 */

/** What Tab can stop on, frames included (their own controls are theirs to cycle). */
const STOPS =
  'a[href], button, input:not([type="hidden"]), select, textarea, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])'

/** The focus stops in `containers`, in container order then document order. */
export function tabStops(containers: readonly HTMLElement[]): HTMLElement[] {
  return containers.flatMap((container) =>
    [...container.querySelectorAll<HTMLElement>(STOPS)].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.closest('[inert]') === null &&
        // Hidden controls are skipped by the browser's own Tab; wrapping to one would strand focus.
        (typeof element.checkVisibility !== 'function' ||
          element.checkVisibility({ visibilityProperty: true })),
    ),
  )
}

export interface TabTrap {
  release(): void
}

/**
 * Traps Tab in `containers()` (read again on every key, so parts that come and go are followed) until
 * released. `fallback` takes focus when the dialog has no stop.
 */
export function trapTab(containers: () => HTMLElement[], fallback: HTMLElement): TabTrap {
  const doc = fallback.ownerDocument
  const inside = (node: Node | null) =>
    node !== null && containers().some((container) => container.contains(node))
  let lastInside: HTMLElement | undefined = inside(doc.activeElement)
    ? (doc.activeElement as HTMLElement)
    : undefined

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
    const stops = tabStops(containers())
    const first = stops[0]
    const last = stops[stops.length - 1]
    const current = doc.activeElement
    if (!first || !last) {
      event.preventDefault()
      fallback.focus()
      return
    }
    const index = current instanceof HTMLElement ? stops.indexOf(current) : -1
    const leaving = event.shiftKey ? index === 0 : index === stops.length - 1
    if (leaving || !inside(current)) {
      event.preventDefault()
      ;(event.shiftKey ? last : first).focus()
    }
  }

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target
    if (target instanceof HTMLElement && inside(target)) {
      lastInside = target
      return
    }
    // Out of the last stop (a frame tabbed out of at its end) wraps to the first; otherwise back to the last.
    const stops = tabStops(containers())
    const back = lastInside?.isConnected ? lastInside : undefined
    const wrapTo = back === undefined || back === stops[stops.length - 1] ? stops[0] : back
    ;(wrapTo ?? fallback).focus()
  }

  doc.addEventListener('keydown', onKeyDown, true)
  doc.addEventListener('focusin', onFocusIn, true)
  return {
    release() {
      doc.removeEventListener('keydown', onKeyDown, true)
      doc.removeEventListener('focusin', onFocusIn, true)
    },
  }
}
