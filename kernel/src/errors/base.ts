// The error base lives in @portico/shared-types so plugins (which may import nothing of the kernel)
// extend the same family; the kernel's public API re-exports it from here under the same name.
export { PorticoError } from '@portico/shared-types'

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
