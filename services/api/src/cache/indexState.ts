/**
 * What the history index holds, as one string: each chain's cursor (block number and hash). The indexer
 * stores blocks and moves its cursor in one transaction, so while the string is the same, so is every
 * history page. A node that does not index (another API node does, on the same PostgreSQL) keys its
 * kept pages by it, read afresh for each request (freshReader: shared by the requests of the moment).
 */
import type { Repository } from '../db/repository.ts'
import { freshReader } from './fresh.ts'

const readers = new WeakMap<Repository, () => Promise<string>>()

export function indexState(repo: Repository, chainIds: number[]): Promise<string> {
  let reader = readers.get(repo)
  if (!reader) {
    reader = freshReader(async () => {
      const cursors = await Promise.all(chainIds.map((id) => repo.getCursor(id)))
      return cursors
        .map((c, i) => (c ? `${c.chainId}:${c.blockNumber}:${c.blockHash}` : `${chainIds[i]}:-`))
        .join(',')
    })
    readers.set(repo, reader)
  }
  return reader()
}
