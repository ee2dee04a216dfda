/**
 * Portico's one error base, shared by the kernel and the plugins: a stable `code` callers tell errors
 * apart by (a number for EIP-1193 / JSON-RPC errors, a name otherwise) and the error that caused it
 * (`cause`), so a failure keeps its whole chain. Messages come from the caller (the catalogues), never
 * from here. Each federated remote bundles its own copy of this class, so across the federation line
 * callers match `name` and `code`, not `instanceof`.
 */
export class PorticoError<Code extends number | string = number | string> extends Error {
  override name = 'PorticoError'
  readonly code: Code

  // Error's own options: it sets `cause` only when the key is present, as callers pass it.
  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
