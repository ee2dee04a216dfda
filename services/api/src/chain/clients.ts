import { createPublicClient, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.ts'
import { createHeadRpc, type HeadRpc } from './headRpc.ts'

export interface ChainHandle {
  chainId: number
  /** CAIP-2 id, e.g. eip155:31337. */
  caipId: `eip155:${number}`
  native: { name: string; symbol: string; decimals: number }
  client: PublicClient
  /** eth_blockNumber on its own keep-alive connections (per-request head checks). */
  head: HeadRpc
}

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/**
 * Largest JSON-RPC answer read from a chain (a batch of blocks with their transactions stays below).
 * viem counts the bytes while reading and cancels past it, within the call's timeout, so a node
 * streaming an endless answer costs at most this much memory.
 */
export const MAX_RPC_ANSWER_BYTES = 16 * 1024 * 1024

/**
 * One viem client per configured chain. Calls made in the same tick travel as one JSON-RPC batch,
 * which keeps a balance read (native + every listed token) to a single HTTP round trip.
 */
export function createChainHandles(chains: ChainConfig[], timeoutMs: number): Map<number, ChainHandle> {
  const handles = new Map<number, ChainHandle>()
  for (const chain of chains) {
    if (handles.has(chain.chainId)) throw new Error(`Chain ${chain.chainId} is configured twice`)
    const client = createPublicClient({
      // viem caches eth_blockNumber for 4 s by default; the indexer needs the real head.
      cacheTime: 0,
      transport: http(chain.rpcUrl, {
        batch: { batchSize: 500, wait: 0 },
        retryCount: 1,
        timeout: timeoutMs,
        maxResponseBodySize: MAX_RPC_ANSWER_BYTES,
      }),
    })
    handles.set(chain.chainId, {
      chainId: chain.chainId,
      caipId: `eip155:${chain.chainId}`,
      native: chain.native ?? ETHER,
      client,
      head: createHeadRpc(chain.rpcUrl, timeoutMs),
    })
  }
  return handles
}

/** Closes the chains' own connections (the head reads'). */
export async function closeChainHandles(handles: Map<number, ChainHandle>): Promise<void> {
  await Promise.all([...handles.values()].map((h) => h.head.close()))
}
