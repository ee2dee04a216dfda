/**
 * Adds a `<style>` element once per document or shadow root (by id). With a CSP nonce every element
 * carries it, so a page with `style-src 'nonce-…'` (no 'unsafe-inline') renders the modal. The kernel
 * and the plugins (whose views bring their own rules, inside their own chunks) both inject this way.
 */
export function injectStyle(
  root: Document | ShadowRoot,
  id: string,
  css: string,
  nonce?: string,
): HTMLStyleElement {
  const existing = root.getElementById(id)
  if (existing?.tagName === 'STYLE') return existing as HTMLStyleElement
  const doc = 'head' in root ? root : root.ownerDocument
  const style = doc.createElement('style')
  style.id = id
  if (nonce) style.setAttribute('nonce', nonce)
  style.textContent = css
  if ('head' in root) root.head.append(style)
  else root.prepend(style)
  return style
}
