import type { ChainHandle } from '../chain/clients.ts'
import { ChainContinuityError, type Repository } from '../db/repository.ts'
import type { Log } from '../log.ts'
import { resolveTokens } from '../tokens.ts'
import { fetchRange } from './fetch.ts'
import { findRewindTarget } from './reorg.ts'

export interface ChainIndexStatus {
  chainId: number
  indexedBlock: number | null
  headBlock: number | null
  lastError: string | null
}

export interface IndexerOptions {
  repo: Repository
  chains: ChainHandle[]
  pollMs: number
  batchSize: number
  startBlock: number
  log: Log
  /** Longest wait between retries while a chain is failing. */
  maxBackoffMs?: number
  /** After blocks are stored, before they are reported indexed: the accounts they touched. */
  onIndexed?: (chainId: number, accounts: Set<string>) => void
  /** After the index of a chain was rewound (reorganisation or reset). */
  onRewind?: (chainId: number) => void
}

export interface Indexer {
  status(): ChainIndexStatus[]
  stop(): Promise<void>
}

/**
 * Follows every chain block by block (polling), storing native transfers and ERC-20/721 Transfer logs.
 * Each batch of blocks is stored atomically with the chain's cursor, so a restart resumes after the
 * last stored block: no gap, no duplicate. A chain that fails is retried with backoff; one chain's
 * trouble never stops another's indexing or the process.
 */
export function startIndexer(opts: IndexerOptions): Indexer {
  const controller = new AbortController()
  const statuses = new Map<number, ChainIndexStatus>()
  const loops = opts.chains.map((handle) => {
    const status: ChainIndexStatus = {
      chainId: handle.chainId,
      indexedBlock: null,
      headBlock: null,
      lastError: null,
    }
    statuses.set(handle.chainId, status)
    return followChain(handle, status, opts, controller.signal)
  })
  return {
    status: () => [...statuses.values()].map((s) => ({ ...s })),
    stop: async () => {
      controller.abort()
      await Promise.all(loops)
    },
  }
}

async function followChain(
  handle: ChainHandle,
  status: ChainIndexStatus,
  opts: IndexerOptions,
  signal: AbortSignal,
): Promise<void> {
  const { log } = opts
  const known = new Set<string>()
  let genesis: string | null = null
  // The genesis whose history this indexer has accepted or written: a stored cursor of another genesis
  // while the chain still has this one means another indexer writes to the same database.
  let adopted: string | null = null
  let backoff = opts.pollMs
  const maxBackoff = opts.maxBackoffMs ?? 10_000
  status.indexedBlock = (await opts.repo.getCursor(handle.chainId).catch(() => null))?.blockNumber ?? null

  const step = async (): Promise<boolean> => {
    const { client, chainId } = handle
    genesis ??= ((await client.getBlock({ blockNumber: 0n })).hash ?? '').toLowerCase()
    const head = Number(await client.getBlockNumber())
    status.headBlock = head
    const cursor = await opts.repo.getCursor(chainId)
    status.indexedBlock = cursor?.blockNumber ?? null
    if (cursor) {
      if (cursor.genesisHash !== genesis && adopted !== null) {
        const now = ((await client.getBlock({ blockNumber: 0n })).hash ?? '').toLowerCase()
        if (now === adopted)
          throw new SharedDatabaseError(
            `chain ${chainId}: the database holds the history index of another chain ${chainId} ` +
              `(genesis ${cursor.genesisHash}, ours ${adopted}): another indexer writes to this database. ` +
              'Give each stack its own database; indexing of this chain is paused.',
          )
        genesis = now
      }
      const onChain =
        cursor.blockNumber > head
          ? null
          : ((await client.getBlock({ blockNumber: BigInt(cursor.blockNumber) })).hash ?? '').toLowerCase()
      if (onChain !== cursor.blockHash || cursor.genesisHash !== genesis) {
        genesis = ((await client.getBlock({ blockNumber: 0n })).hash ?? '').toLowerCase()
        const target = await findRewindTarget(opts.repo, client, cursor, genesis)
        log.warn(
          { chainId, from: cursor.blockNumber, to: target?.blockNumber ?? null },
          target
            ? 'chain reorganised: rewinding the history index'
            : 'chain was reset: re-indexing from scratch',
        )
        await opts.repo.rewind(chainId, target)
        opts.onRewind?.(chainId)
        adopted = genesis
        known.clear()
        status.indexedBlock = target?.blockNumber ?? null
        return false
      }
      adopted = genesis
    }
    const from = cursor ? cursor.blockNumber + 1 : opts.startBlock
    if (from > head) return true
    const to = Math.min(head, from + opts.batchSize - 1)
    const range = await fetchRange(client, chainId, from, to)
    const unknown = [...range.contracts].filter(([address]) => !known.has(address))
    if (unknown.length > 0) {
      const resolved = await resolveTokens(
        opts.repo,
        handle,
        unknown.map(([address, kind]) => ({ address, kind })),
      )
      // A contract whose metadata could not be read (yet) is tried again with its next transfer.
      for (const t of resolved)
        if (t.name !== null || t.symbol !== null || t.decimals !== null) known.add(t.address)
    }
    try {
      await opts.repo.recordBlocks(chainId, genesis, range.blocks)
      adopted = genesis
      opts.onIndexed?.(chainId, range.touched)
    } catch (err) {
      if (!(err instanceof ChainContinuityError)) throw err
      log.info({ chainId, reason: err.message }, 'chain moved while indexing; checking again')
      genesis = null
      return false
    }
    status.indexedBlock = to
    return to >= head
  }

  while (!signal.aborted) {
    try {
      const caughtUp = await step()
      if (status.lastError !== null)
        log.info({ chainId: handle.chainId }, 'chain reachable again; indexing resumed')
      status.lastError = null
      backoff = opts.pollMs
      if (caughtUp) await sleep(opts.pollMs, signal)
    } catch (err) {
      const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err)
      if (message !== status.lastError) {
        if (err instanceof SharedDatabaseError) log.error({ chainId: handle.chainId }, message)
        else
          log.warn(
            { chainId: handle.chainId, err: message, retryInMs: backoff },
            'history indexer: chain call failed',
          )
      }
      status.lastError = message
      genesis = null
      await sleep(backoff, signal)
      backoff = Math.min(backoff * 2, maxBackoff)
    }
  }
}

/** Another indexer, following a different chain with the same id, writes to this database. */
export class SharedDatabaseError extends Error {}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}
