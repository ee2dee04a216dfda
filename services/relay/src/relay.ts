import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  createServiceLog,
  lineLog,
  logLevelFromEnv,
  observeNodeRequest,
  refuseDevDefaults,
  type ServiceLog,
} from '@portico/ops'
import { WebSocket, WebSocketServer } from 'ws'
import { proxyMatcher } from './clientIp.ts'
import { createUpgrader } from './connections.ts'
import { type Counters, newCounters, type RelayContext } from './context.ts'
import { checkCongested, dropExpiredInflight, offer, pump } from './delivery.ts'
import { Hub } from './hub.ts'
import { type RelayLimits, resolveLimits } from './limits.ts'
import { relayObservability } from './observability.ts'
import { relayDevDefaults } from './production.ts'
import { LocalFanOut } from './storage/fanout.ts'
import { SqliteStore } from './storage/sqlite.ts'
import type { RelayBackend, StoreCounts, StoreHealth } from './storage/types.ts'

export { subscriptionId } from './hub.ts'
export { TAGS } from './methods.ts'

export interface RelayOptions {
  /** PORTICO_ENV or NODE_ENV=production: start-up refuses every dev default (production.ts). */
  production?: boolean
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** Port; default 0 (a free port picked by the OS). */
  port?: number
  /** Log connections, auth failures and errors to stdout, or to the given function. */
  log?: boolean | ((line: string) => void)
  /** Also log every request, delivery and ack (with `log`). */
  logTraffic?: boolean
  /** WebSocket ping period; clients drop a connection that has been silent for 35 s. Default 20 s. */
  pingIntervalMs?: number
  /** How often expired messages are dropped. Default 5 s. */
  sweepIntervalMs?: number
  /**
   * Keep messages in this SQLite file (written as each message is accepted), so a restarted relay
   * still delivers what was pending. Unset: memory only.
   */
  dataFile?: string
  /** Store and fan-out to run on instead of the embedded SQLite one (closed with the relay). */
  backend?: RelayBackend
  /**
   * The project ids this relay serves (the ids of PORTICO_PROJECTS); a socket of another project is
   * refused. Unset: any project (the dev stack). Production requires it.
   */
  projectIds?: string[]
  /**
   * Behind reverse proxies: their addresses, CIDRs or `loopback` / `linklocal` / `uniquelocal`
   * (PORTICO_RELAY_TRUST_PROXY). A socket from one of them counts against the quotas of the address in
   * its X-Forwarded-For (clientIp.ts). Unset: the socket's peer, the header ignored.
   */
  trustProxy?: string[]
  /** Extra relay URLs accepted as a JWT `aud` besides the host the client connected to. */
  audiences?: string[]
  /** Largest WebSocket frame accepted. Default 4 MiB. */
  maxPayloadBytes?: number
  /** Oldest messages of a topic are dropped beyond this many. Default 10 000. */
  maxMessagesPerTopic?: number
  /** Quotas, backpressure and token lifetime (see limits.ts for the defaults). */
  limits?: Partial<RelayLimits>
  /**
   * Bearer token GET /metrics requires (PORTICO_METRICS_TOKEN). Without one /metrics is open outside
   * production and not served in production.
   */
  metricsToken?: string
}

export interface RelayStats extends Counters {
  startedAt: number
  /** Open, authenticated WebSocket connections. */
  connections: number
  /** Distinct client ids among them. */
  clients: number
  /** Active (connection, topic) subscriptions. */
  subscriptions: number
  /** Topics that have stored messages (as of the last sweep or /health). */
  topics: number
  /** Messages stored and not yet expired (as of the last sweep or /health). */
  storedMessages: number
  storedBytes: number
  persistence: StoreHealth
}

export interface Relay {
  /** ws://host:port — use it as the clients' relayUrl. */
  url: string
  host: string
  port: number
  limits: Readonly<RelayLimits>
  stats(): RelayStats
  close(): Promise<void>
}

export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  if (options.production) refuseDevDefaults('The relay', relayDevDefaults(options))
  const host = options.host ?? '127.0.0.1'
  const limits = resolveLimits(options.limits)
  const maxPayloadBytes = options.maxPayloadBytes ?? 4 * 1024 * 1024
  // log: true writes JSON lines (with one line per HTTP request); a function takes the lines itself.
  const serviceLog: ServiceLog | undefined =
    options.log === true ? createServiceLog('relay', { level: logLevelFromEnv() }) : undefined
  const log = typeof options.log === 'function' ? options.log : serviceLog ? lineLog(serviceLog) : () => {}

  const backend: RelayBackend = options.backend ?? {
    store: new SqliteStore(options.dataFile ?? ':memory:', {
      ...(options.maxMessagesPerTopic !== undefined && { maxMessagesPerTopic: options.maxMessagesPerTopic }),
      onError: (e) => log(`persistence failure: ${e.message}`),
    }),
    fanOut: new LocalFanOut(),
  }
  const startedAt = Date.now()
  let requestId = Date.now() * 1000
  const ctx: RelayContext = {
    limits,
    maxPayloadBytes,
    store: backend.store,
    fanOut: backend.fanOut,
    quota: {
      perClientBytes: limits.maxStoredBytesPerClient,
      perIpBytes: limits.maxStoredBytesPerIp,
      totalBytes: limits.maxStoredBytes,
    },
    hub: new Hub(limits, {
      first: (topic) => backend.fanOut.watch?.(topic),
      last: (topic) => backend.fanOut.unwatch?.(topic),
    }),
    stats: newCounters(),
    log,
    trace: options.logTraffic ? log : undefined,
    // Relay → client request ids: safe integers, so clients echo them back unchanged.
    nextRequestId: () => requestId++,
  }
  let storeCounts: StoreCounts = await ctx.store.counts()
  const refreshCounts = async () => {
    storeCounts = await ctx.store.counts()
  }

  const stopFanOut = ctx.fanOut.onMessage((stored) => {
    for (const conn of ctx.hub.subscribersOf(stored.topic)) {
      try {
        offer(ctx, conn, stored)
      } catch (error) {
        ctx.stats.handlerFailures++
        log(`#${conn.serial} delivery failed: ${(error as Error).stack ?? error}`)
      }
    }
  })

  // Messages this node may have missed are in the store: every subscribed topic is read again.
  const stopGaps = ctx.fanOut.onGap?.(() => {
    log('fan-out gap: re-reading every subscribed topic from the store')
    for (const conn of ctx.hub.connections) {
      for (const t of conn.topics) conn.backlog.add(t)
      if (conn.backlog.size > 0) pump(ctx, conn)
    }
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxPayloadBytes })
  const upgrader = createUpgrader(
    ctx,
    wss,
    options.audiences ?? [],
    options.projectIds && new Set(options.projectIds),
    options.trustProxy?.length ? proxyMatcher(options.trustProxy) : undefined,
  )
  const server = createServer((req, res) => {
    onHttpRequest(req, res).catch((error: unknown) => {
      log(`HTTP ${req.url} failed: ${(error as Error).stack ?? error}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 'error' }))
    })
  })
  server.on('upgrade', upgrader.onUpgrade)

  function currentStats(): RelayStats {
    return {
      startedAt,
      ...ctx.stats,
      ...ctx.hub.counts(),
      topics: storeCounts.topics,
      storedMessages: storeCounts.messages,
      storedBytes: storeCounts.bytes,
      persistence: ctx.store.health(),
    }
  }

  const observed = relayObservability(
    ctx,
    async () => {
      await refreshCounts()
      const stats = currentStats()
      return { ...stats, persistenceOk: stats.persistence.ok }
    },
    { production: options.production ?? false, token: options.metricsToken },
  )
  const observability = serviceLog ? { ...observed, accessLog: serviceLog } : observed

  async function onHttpRequest(req: IncomingMessage, res: ServerResponse) {
    if ((await observeNodeRequest(req, res, observability)).handled) return
    const path = new URL(req.url ?? '/', 'http://relay').pathname
    if (req.method === 'GET' && path === '/health') {
      await refreshCounts()
      const stats = currentStats()
      // A store that cannot write loses what it accepts next: not healthy.
      const ok = stats.persistence.ok
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: ok ? 'ok' : 'degraded', ...stats }))
      return
    }
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' })
    res.end('Portico relay: open a WebSocket to /?auth=<JWT>&projectId=<id>&ua=<agent> (WalletConnect v2).\n')
  }

  // ---------- Timers ----------

  const guarded = (what: string, fn: () => Promise<void> | void) => () => {
    Promise.resolve()
      .then(fn)
      .catch((error: unknown) => log(`${what} failed: ${(error as Error).stack ?? error}`))
  }

  const pingTimer = setInterval(
    guarded('ping', () => {
      for (const conn of ctx.hub.connections) {
        if (!conn.alive) {
          ctx.stats.deadSockets++
          log(`#${conn.serial} did not answer a ping: terminated`)
          conn.ws.terminate()
          continue
        }
        conn.alive = false
        try {
          conn.ws.ping()
        } catch {
          // the socket is closing; 'close' cleans up
        }
      }
    }),
    options.pingIntervalMs ?? 20_000,
  )

  const sweepTimer = setInterval(
    guarded('sweep', async () => {
      const removed = await ctx.store.sweep()
      ctx.stats.expired += removed
      if (removed > 0) dropExpiredInflight(ctx)
      await refreshCounts()
    }),
    options.sweepIntervalMs ?? 5_000,
  )

  const congestionTimer = setInterval(
    guarded('congestion check', () => checkCongested(ctx)),
    Math.max(10, Math.min(1000, Math.floor(limits.slowSocketTimeoutMs / 4))),
  )
  const timers = [pingTimer, sweepTimer, congestionTimer]

  // ---------- Listen ----------

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    for (const t of timers) clearInterval(t)
    stopFanOut()
    stopGaps?.()
    await ctx.fanOut.close()
    await ctx.store.close()
    throw error
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`
  log(`listening on ${url} (messages in ${ctx.store.health().location})`)

  let closing: Promise<void> | undefined
  /** Closes with 1001 (going away, not 3000: clients reconnect and resubscribe); terminated after 1 s. */
  const goAway = (ws: WebSocket) =>
    new Promise<void>((resolve) => {
      if (ws.readyState === WebSocket.CLOSED) return resolve()
      const timer = setTimeout(() => {
        ws.terminate()
        resolve()
      }, 1000)
      ws.once('close', () => {
        clearTimeout(timer)
        resolve()
      })
      ws.close(1001, 'Relay shutting down')
    })
  async function close(): Promise<void> {
    closing ??= (async () => {
      for (const t of timers) clearInterval(t)
      // Nothing new is let in before what is open is closed: a client told 1001 reconnects at once, and
      // a socket upgraded meanwhile (its JWT check still running when the others closed) would hold
      // server.close() open for good. A closing WebSocketServer answers every later upgrade 503.
      wss.close()
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      const open = [...ctx.hub.connections]
      await Promise.all([...wss.clients].map(goAway))
      server.closeAllConnections()
      await stopped
      // Frames already received finish before the store closes.
      await Promise.all(open.map((conn) => conn.queue))
      stopFanOut()
      stopGaps?.()
      await ctx.fanOut.close()
      await ctx.store.close()
      log('closed')
    })()
    return closing
  }

  return { url, host, port, limits, stats: currentStats, close }
}
