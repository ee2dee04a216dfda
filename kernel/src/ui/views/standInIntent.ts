/**
 * What a visitor did to a connect method's stand-in (painted from its manifest) before the plugin's own
 * component replaced it: the text typed, the control focused, the button pressed. Replayed onto the
 * component when it arrives, so a visitor who acts before the code has loaded loses nothing.
 */
export interface StandInIntent {
  value: string
  /** The focused control: 'field', or a button's label. */
  focus?: string
  /** The label of the button pressed (or the primary one, on a form submit). */
  pressed?: string
  /** The pointer is on the stand-in (a component may warm something up on pointer-enter). */
  pointerInside?: boolean
  /** The window a press opened (a preview button's `popup`), closed if the plugin never takes it. */
  popup?: Window | null
}

export const emptyIntent = (): StandInIntent => ({ value: '' })

/** A button's name as heard: its aria-label (a mark alone) or its text. */
export const buttonName = (button: Element): string | undefined =>
  button.getAttribute('aria-label') ?? button.textContent?.trim()

const buttonLabelled = (root: HTMLElement, label: string) =>
  [...root.querySelectorAll('button')].find((button) => buttonName(button) === label)

/** Types `value` into a React-controlled input: through the native setter, then an input event. */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Replays `intent` onto the component now rendered in `root`: the pointer's presence, the text into its first field, the focus
 * back where it was, and the press a task later (once the typed text has been rendered, so a button
 * enabled by it is). A press keeps the click's user activation (a sign-in popup may open).
 */
export function replayIntent(root: HTMLElement, intent: StandInIntent): void {
  // The pointer came in before the component did: its pointer-enter handlers run now (React derives
  // pointer-enter from a pointerover coming from outside).
  if (intent.pointerInside)
    root.firstElementChild?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
  const input = root.querySelector('input')
  if (input && intent.value) typeInto(input, intent.value)
  if (intent.focus === 'field') input?.focus()
  else if (intent.focus) buttonLabelled(root, intent.focus)?.focus()
  const { pressed } = intent
  if (pressed) setTimeout(() => buttonLabelled(root, pressed)?.click(), 0)
}
