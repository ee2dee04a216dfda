/** The frame's own views build their DOM with these: text only ever through textContent. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

export function button(text: string, className: string): HTMLButtonElement {
  const node = element('button', className, text)
  node.type = 'button'
  return node
}

/** Shows `root` as the frame's only content, in the app's theme, and reports the height it needs. */
export function showView(
  root: HTMLElement,
  theme: string | undefined,
  onSize: (height: number) => void,
): void {
  document.documentElement.dataset.theme = theme === 'light' ? 'light' : 'dark'
  document.body.replaceChildren(root)
  onSize(Math.ceil(root.getBoundingClientRect().height))
}

/** Only what the user did counts: a trusted event (never one a script dispatched). */
export function onTrusted(target: HTMLElement, type: 'click' | 'submit', run: (event: Event) => void): void {
  target.addEventListener(type, (event) => {
    if (event.isTrusted) run(event)
  })
}
