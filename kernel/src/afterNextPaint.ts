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
