/**
 * One history indexer per PostgreSQL database (and schema), however many API nodes share it: each
 * node holds a dedicated connection and tries `pg_try_advisory_lock`; the node that gets the lock
 * indexes, the others stand by (answering from the database the leader fills) and try again every
 * `retryMs`. The lock lives as long as the leader's connection: a leader that dies (crash, kill -9)
 * loses it and another node takes over within about `retryMs`; one that freezes or vanishes from
 * the network is cut off by the server after `leaseMs` of silence. A leader whose lock connection
 * fails stops indexing before trying to take the lock again.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import type { Repository } from '../db/repository.ts'
import type { Log } from '../log.ts'
import type { ChainIndexStatus, Indexer } from './indexer.ts'

export type IndexerRole = 'leader' | 'standby'

export interface LeaderIndexer extends Indexer {
  role(): IndexerRole
  /** How many times this node became the leader. */
  terms(): number
}

export interface LeaderOptions {
  /** The database the API uses (PostgreSQL URL and schema). */
  url: string
  schema?: string
  repo: Repository
  chainIds: number[]
  log: Log
  /** Starts the indexer once this node leads. */
  start: () => Indexer
  /** How often a standby tries the lock and a leader checks its connection. Default 1000 ms. */
  retryMs?: number
  /**
   * PostgreSQL ends a lock session silent for this long (idle_session_timeout, PostgreSQL 14+),
   * so a leader that froze or whose machine vanished (no FIN, no RST) frees the lock. Default
   * max(10 s, 10 × retryMs).
   */
  leaseMs?: number
}

/** The advisory lock key of the indexer of (database, schema): a signed 64-bit integer, as text. */
export function leaderLockKey(database: string, schema: string): string {
  const digest = createHash('sha256').update(`portico-api-indexer\n${database}\n${schema}`).digest()
  return digest.readBigInt64BE(0).toString()
}

export function startLeaderIndexer(opts: LeaderOptions): LeaderIndexer {
  const retryMs = opts.retryMs ?? 1000
  const leaseMs = opts.leaseMs ?? Math.max(10_000, 10 * retryMs)
  const { log } = opts
  let role: IndexerRole = 'standby'
  let terms = 0
  let indexer: Indexer | undefined
  let stopped = false
  let wake: () => void = () => {}
  const statuses = new Map<number, ChainIndexStatus>(
    opts.chainIds.map((chainId) => [
      chainId,
      { chainId, indexedBlock: null, headBlock: null, lastError: null },
    ]),
  )
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  /** While standing by, the progress shown is the leader's, read from the database. */
  const refreshFromDatabase = async () => {
    for (const s of statuses.values()) {
      const cursor = await opts.repo.getCursor(s.chainId).catch(() => undefined)
      if (cursor !== undefined) s.indexedBlock = cursor?.blockNumber ?? null
    }
  }

  const term = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      // A lock connection that stops answering ends the term (its lock may be released already).
      query_timeout: Math.max(5000, 3 * retryMs),
      ...(opts.schema && { options: `-c search_path=${opts.schema}` }),
    })
    // The lock connection failing ends the term (wakes the current nap).
    let lost: Error | undefined
    const onLost = (err: Error) => {
      lost ??= err
      wake()
    }
    client.on('error', onLost)
    client.on('end', () => onLost(new Error('connection ended')))
    try {
      await client.connect()
      // Older servers lack the setting: the lock then lasts as long as the server sees the connection.
      await client.query(`SET idle_session_timeout = ${Math.floor(leaseMs)}`).catch(() => {})
      const { rows } = await client.query<{ db: string; schema: string }>(
        'SELECT current_database() AS db, current_schema() AS schema',
      )
      const key = leaderLockKey(rows[0]?.db ?? '', rows[0]?.schema ?? '')
      for (;;) {
        if (stopped) return
        const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
          key,
        ])
        if (got.rows[0]?.ok) break
        await refreshFromDatabase()
        await nap(retryMs)
        if (lost) throw lost
      }
      role = 'leader'
      terms++
      log.info({ lockKey: key }, 'history indexer: this node leads (advisory lock taken)')
      indexer = opts.start()
      // Lead until stopped or the lock connection fails (then the lock may already be another's).
      for (;;) {
        await nap(retryMs)
        if (stopped) return
        if (lost) throw lost
        await client.query('SELECT 1')
      }
    } finally {
      const running = indexer
      indexer = undefined
      if (role === 'leader') {
        role = 'standby'
        if (!stopped) log.warn({}, 'history indexer: lost the lock connection; indexing stopped on this node')
      }
      await running?.stop()
      await client.end().catch(() => {})
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await term()
      } catch (err) {
        if (!stopped)
          log.warn(
            { err: String(err).split('\n')[0], retryInMs: retryMs },
            'history indexer: cannot take part in leader election',
          )
      }
      if (!stopped) await nap(retryMs)
    }
  })()

  return {
    role: () => role,
    terms: () => terms,
    status: () => indexer?.status() ?? [...statuses.values()].map((s) => ({ ...s })),
    stop: async () => {
      stopped = true
      wake()
      await loop
    },
  }
}
