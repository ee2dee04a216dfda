/**
 * A read whose every caller gets an answer from a read that started after it called: callers at the
 * same time share reads (at most one running and one queued), so 100 concurrent requests cost one or
 * two reads, and no caller is told a state older than the moment it asked.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined
  let queued: Promise<T> | undefined
  const run = (): Promise<T> => {
    const promise = read().finally(() => {
      if (running === promise) running = undefined
    })
    running = promise
    return promise
  }
  return () => {
    if (!running) return run()
    // The running read may have started before this call: wait for the next one.
    if (!queued) {
      const next: Promise<T> = running
        .catch(() => undefined)
        .then(() => {
          if (queued === next) queued = undefined
          return run()
        })
      queued = next
    }
    return queued
  }
}
