import type { PublicClient } from 'viem'
import type { ChainCursor, Repository } from '../db/repository.ts'

/**
 * Where to rewind when the stored cursor no longer matches the chain (a reorg, an evm_revert, or a
 * devnet restarted from scratch): the newest stored block with transfers whose hash the chain still
 * has. Blocks between it and the old cursor hold nothing stored and are simply indexed again.
 * null means the chain is a different one (new genesis) or nothing stored survives: start over.
 */
export async function findRewindTarget(
  repo: Repository,
  client: PublicClient,
  cursor: ChainCursor,
  genesisHash: string,
): Promise<ChainCursor | null> {
  if (cursor.genesisHash !== genesisHash) return null
  let atOrBelow = cursor.blockNumber
  for (;;) {
    const candidates = await repo.blocksWithTransfers(cursor.chainId, atOrBelow, 32)
    if (candidates.length === 0) return null
    const onChain = await Promise.all(
      candidates.map((c) =>
        client.getBlock({ blockNumber: BigInt(c.number) }).then(
          (b) => b.hash?.toLowerCase() ?? null,
          () => null,
        ),
      ),
    )
    const match = candidates.find((c, i) => onChain[i] === c.hash)
    if (match)
      return { chainId: cursor.chainId, blockNumber: match.number, blockHash: match.hash, genesisHash }
    atOrBelow = (candidates[candidates.length - 1]?.number ?? 0) - 1
  }
}
