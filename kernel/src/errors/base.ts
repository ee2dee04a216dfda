/**
 * The kernel's one error base: a stable `code` callers tell errors apart by (a number for EIP-1193 /
 * JSON-RPC errors, a name otherwise) and the error that caused it (`cause`), so a failure keeps its
 * whole chain. Messages come from the caller (the kernel's catalogues), never from here.
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

/**
 * Walks `error`'s cause chain: the first error `matches` accepts, or (no predicate) the deepest cause. A
 * chain that loops ends where it would repeat. A function, not a method, so the first-load bundle that
 * only throws these errors does not carry it.
 */
export function walkCauses(error: unknown, matches?: (error: unknown) => boolean): unknown {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== undefined && !seen.has(current)) {
    if (matches?.(current)) return current
    seen.add(current)
    const cause = (current as { cause?: unknown } | null)?.cause
    if (cause === undefined) return matches ? undefined : current
    current = cause
  }
  return matches ? undefined : current
}
