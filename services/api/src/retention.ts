import type { Log } from './log.ts'

export const DAY_MS = 86_400_000

/**
 * Runs `prune` now and every `intervalMs` (the timer never keeps the process alive), logging what it
 * deleted and any failure; `stop` waits for a run in progress.
 */
export function scheduleRetention(
  what: string,
  prune: () => Promise<number>,
  intervalMs: number,
  log: Log,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return
    running = running.then(async () => {
      try {
        const deleted = await prune()
        if (deleted > 0) log.info({ deleted }, `retention: deleted old ${what}`)
      } catch (err) {
        log.warn({ err: String(err).split('\n')[0] }, `retention: deleting old ${what} failed`)
      }
    })
  }
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
