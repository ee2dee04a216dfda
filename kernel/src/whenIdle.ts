/**
 * Runs `task` when the browser is idle (requestIdleCallback, within `timeoutMs`; a timer where it is
 * missing). Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 1)
  return () => clearTimeout(id)
}
