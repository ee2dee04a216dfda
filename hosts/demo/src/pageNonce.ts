/**
 * The CSP nonce the server gave this page (on its script elements), for the styles the modal adds: the
 * `nonce` property keeps it after the browser hides the attribute. Undefined when served without one.
 */
export function pageNonce(doc: Document = document): string | undefined {
  const nonce = doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
  return nonce ? nonce : undefined
}
