import { firstControl } from './useFocusTrap.ts'

/**
 * When the kernel body takes over an open dialog, the view's content is rendered anew (the shell's DOM
 * stays). These put the focus and a press the first paint could not act on onto the new content's
 * control with the same name.
 */

const CONTROLS = 'button, input, a[href]'

/** A control's name for matching across the handover: its tag and its text (or label, for a field). */
export function controlKey(element: Element): string | undefined {
  const control = element.closest(CONTROLS)
  if (!control) return undefined
  const text = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''
  return `${control.tagName}:${text}`
}

/** The first control in `root` with `key`. */
export function controlByKey(root: ParentNode, key: string): HTMLElement | undefined {
  for (const control of root.querySelectorAll<HTMLElement>(CONTROLS))
    if (controlKey(control) === key) return control
  return undefined
}

/**
 * Focus fell out of the page with the replaced content: put it on the control of that name, else on the
 * dialog's first control.
 */
export function refocus(root: HTMLElement, key: string | undefined): void {
  const active = document.activeElement
  if (active !== null && active !== document.body) return
  ;((key === undefined ? undefined : controlByKey(root, key)) ?? firstControl(root)).focus()
}
