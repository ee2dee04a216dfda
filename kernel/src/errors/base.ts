/**
 * The kernel's one error base: a stable `code` callers tell errors apart by (a number for EIP-1193 /
 * JSON-RPC errors, a name otherwise) and the error that caused it (`cause`), so a failure keeps its
 * whole chain. Messages come from the caller (the kernel's catalogues), never from here.
 */
export class PorticoError<Code extends number | string = number | string> extends Error {
  override name = 'PorticoError'
  readonly code: Code

  constructor(code: Code, message: string, options: { cause?: unknown } = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined)
    this.code = code
  }

  /**
   * Walks the cause chain from this error: the first error `matches` accepts, or (no predicate) the
   * deepest cause. A chain that loops ends where it would repeat.
   */
  walk(matches?: (error: unknown) => boolean): unknown {
    const seen = new Set<unknown>()
    let current: unknown = this
    while (current !== undefined && !seen.has(current)) {
      if (matches?.(current)) return current
      seen.add(current)
      const cause = (current as { cause?: unknown } | null)?.cause
      if (cause === undefined) return matches ? undefined : current
      current = cause
    }
    return matches ? undefined : current
  }
}
