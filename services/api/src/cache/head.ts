import type { ChainHandle } from '../chain/clients.ts'
import { freshReader } from './fresh.ts'

const readers = new WeakMap<ChainHandle, () => Promise<number>>()

/**
 * The chain's head block, from an eth_blockNumber call that started after this call (freshReader):
 * 100 requests at the same time cost one or two chain calls.
 */
export function freshHead(handle: ChainHandle): Promise<number> {
  let reader = readers.get(handle)
  if (!reader) {
    reader = freshReader(() => handle.head.read())
    readers.set(handle, reader)
  }
  return reader()
}
