import type { ChainHandle } from '../chain/clients.ts'

interface HeadReader {
  running?: Promise<number>
  queued?: Promise<number>
}

const readers = new WeakMap<ChainHandle, HeadReader>()

/**
 * The chain's head block, from an eth_blockNumber call that started after this call: requests at the
 * same time share calls (at most one running and one queued per chain), so 100 requests cost one or
 * two chain calls, and no request is told a head older than the moment it asked.
 */
export function freshHead(handle: ChainHandle): Promise<number> {
  let reader = readers.get(handle)
  if (!reader) {
    reader = {}
    readers.set(handle, reader)
  }
  const r = reader
  const run = (): Promise<number> => {
    const promise = handle.head.read().finally(() => {
      if (r.running === promise) r.running = undefined
    })
    r.running = promise
    return promise
  }
  if (!r.running) return run()
  // The running call may have started before this request: wait for the next one.
  if (!r.queued) {
    const queued: Promise<number> = r.running
      .catch(() => undefined)
      .then(() => {
        if (r.queued === queued) r.queued = undefined
        return run()
      })
    r.queued = queued
  }
  return r.queued
}
