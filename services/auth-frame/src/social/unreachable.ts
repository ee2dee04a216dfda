/**
 * Whether a failed provider call failed to reach the provider (network, timeout) rather than being
 * refused or answered with something we cannot trust: the visitor may retry the first, not the second.
 */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const name = (current as { name?: unknown }).name
    if (name === 'TimeoutError' || name === 'AbortError') return true
    if (current instanceof TypeError && current.message === 'fetch failed') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
