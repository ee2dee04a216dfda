/**
 * Runs `task` once the browser has painted the current frame (at once where there are no frames).
 * Work an open triggers (remotes, directory lists) waits for it so it never delays the first frame.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    task()
    return
  }
  requestAnimationFrame(() => setTimeout(task, 0))
}

/**
 * Runs `task` after the next paint, once the browser is idle (requestIdleCallback, within `timeoutMs`;
 * a timer where it is missing): for fetching what a later step may need (an SDK for a method not chosen
 * yet), so it never competes with the frames of an open or with the input that follows it.
 */
export function whenIdleAfterPaint(task: () => void, timeoutMs = 2_000): void {
  afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs })
    else setTimeout(task, 1)
  })
}
