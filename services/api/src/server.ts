import cors from '@fastify/cors'
import { fastifyRequestIds, refuseDevDefaults } from '@portico/ops'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify'
import { bitcoinRoutes } from './bitcoin/routes.ts'
import { createApiCaches } from './cache/caches.ts'
import { type ChainHandle, closeChainHandles, createChainHandles } from './chain/clients.ts'
import { type ApiConfig, type ApiConfigInput, resolveConfig } from './config.ts'
import type { ApiContext } from './context.ts'
import { openRepository } from './db/open.ts'
import type { Repository } from './db/repository.ts'
import { lockSqliteFile } from './db/sqliteLock.ts'
import { corsOptions } from './http/cors.ts'
import { drainOnClose } from './http/drain.ts'
import { errorBody, handleError, handleNotFound } from './http/errors.ts'
import { createGuard, projectIdOf } from './http/guard.ts'
import { fastifyTrustProxy } from './http/trustProxy.ts'
import { type Indexer, startIndexer } from './indexer/indexer.ts'
import { type IndexerRole, type LeaderIndexer, startLeaderIndexer } from './indexer/leader.ts'
import { observeApi } from './observability.ts'
import { onrampProviderRoutes } from './onramp/providerRoutes.ts'
import { onrampRoutes } from './onramp/routes.ts'
import { paymasterRoutes } from './paymaster/routes.ts'
import { withFeedPrices } from './prices/feedPrices.ts'
import { apiDevDefaults } from './production.ts'
import { DAY_MS, scheduleRetention } from './retention.ts'
import { balanceRoute } from './routes/balance.ts'
import { convertRoutes } from './routes/convert.ts'
import { directoryRoutes } from './routes/directory.ts'
import { fungiblePriceRoute } from './routes/fungiblePrice.ts'
import { gasPriceRoute } from './routes/gasPrice.ts'
import { healthRoute } from './routes/health.ts'
import { historyRoute } from './routes/history.ts'
import { identityRoute } from './routes/identity.ts'
import { nftsRoute } from './routes/nfts.ts'
import { previewRoute } from './routes/preview.ts'
import { profileRoutes } from './routes/profile.ts'
import { sessionsRoutes } from './routes/sessions.ts'
import { siwxRoutes } from './routes/siwx.ts'
import { supportedChainsRoute } from './routes/supportedChains.ts'
import { seedFixedPrices, syncTokenRegistry } from './tokens.ts'

export interface ApiServer {
  /** http://host:port */
  url: string
  port: number
  config: ApiConfig
  repository: Repository
  /** Whether this node's history indexer writes ('leader'), waits for the lock ('standby') or is off. */
  indexerRole(): IndexerRole | 'off'
  close(): Promise<void>
}

/**
 * Opens (and migrates) the database, seeds prices, the token registry and the spam list, starts the
 * history indexer and serves the blockchain API on config.host:config.port.
 */
export async function startApi(input: ApiConfigInput = {}): Promise<ApiServer> {
  const config = resolveConfig(input)
  if (config.production) refuseDevDefaults('The Portico API', apiDevDefaults(input, config))
  const lock = config.database.kind === 'sqlite' ? lockSqliteFile(config.database.file) : undefined
  let repo: Repository
  try {
    repo = await openRepository(config.database)
  } catch (err) {
    lock?.release()
    throw err
  }
  let app: FastifyInstance | undefined
  let indexer: Indexer | LeaderIndexer | undefined
  let retention: { stop(): Promise<void> } | undefined
  let chainHandles: Map<number, ChainHandle> | undefined
  try {
    const chains = createChainHandles(config.chains, config.rpcTimeoutMs)
    chainHandles = chains
    app = Fastify({
      logger: { level: config.logLevel },
      // x-request-id from a proxy within bounds, else a fresh one: in every log line and the answer.
      ...fastifyRequestIds(),
      // A bip122 taproot account in CAIP-10 is 104 characters (fastify's default cap is 100).
      maxParamLength: 200,
      // One line per request from our onResponse hook (with projectId, st, sv, clientId) instead.
      logController: new LogController({ disableRequestLogging: true }),
      bodyLimit: 256 * 1024,
      // req.ip: the socket address, or behind trusted proxies the client address they saw.
      trustProxy: fastifyTrustProxy(config.trustProxy),
      // Requests fastify refuses before routing (a malformed URL…) get the same JSON error shape.
      frameworkErrors: (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
        const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400
        void reply.code(status).send(errorBody(status, err.message))
      },
    })
    const closeServer = drainOnClose(app)
    const log = app.log
    await seedFixedPrices(repo, config.prices.fixed)
    await repo.addSpamContracts(config.spamContracts)
    await syncTokenRegistry(repo, chains, config.tokens, (chainId, err) =>
      log.warn({ chainId, err: String(err).split('\n')[0] }, 'token metadata not read yet (chain down?)'),
    )
    const caches = createApiCaches(config.cache)
    if (config.indexer.enabled) {
      const start = (): Indexer => {
        // A new term: answers kept while another node indexed (or none did) are not trusted.
        caches.clear()
        caches.indexing = true
        const running = startIndexer({
          repo,
          chains: [...chains.values()],
          pollMs: config.indexer.pollMs,
          batchSize: config.indexer.batchSize,
          startBlock: config.indexer.startBlock,
          log,
          onIndexed: (_chainId, accounts) => caches.onIndexed(accounts),
          onRewind: () => caches.clear(),
        })
        return {
          status: () => running.status(),
          stop: () => {
            caches.indexing = false
            return running.stop()
          },
        }
      }
      // On PostgreSQL several API nodes may share the database: one of them indexes (leader.ts).
      const db = config.database
      indexer =
        db.kind === 'postgres'
          ? startLeaderIndexer({
              url: db.url,
              ...(db.schema !== undefined && { schema: db.schema }),
              repo,
              chainIds: [...chains.values()].map((c) => c.chainId),
              log,
              start,
            })
          : start()
    }
    const { endedSessionDays, intervalMs } = config.retention
    retention = scheduleRetention(
      'sessions',
      () => repo.pruneSessions(Math.floor((Date.now() - endedSessionDays * DAY_MS) / 1000)),
      intervalMs,
      log,
    )
    const ctx: ApiContext = {
      config,
      repo: withFeedPrices(repo, chains, config.prices, log),
      chains,
      indexerStatus: () => indexer?.status() ?? [],
      caches,
    }
    await buildApp(app, ctx)
    await app.listen({ host: config.host, port: config.port })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    const host = config.host.includes(':') ? `[${config.host}]` : config.host
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
    let closing: Promise<void> | undefined
    const running = indexer
    const pruning = retention
    return {
      url,
      port,
      config,
      repository: repo,
      indexerRole: () => (running === undefined ? 'off' : 'role' in running ? running.role() : 'leader'),
      close: () => {
        closing ??= (async () => {
          await closeServer()
          await running?.stop()
          await pruning.stop()
          await closeChainHandles(chains)
          await repo.close()
          lock?.release()
        })()
        return closing
      },
    }
  } catch (err) {
    await app?.close().catch(() => {})
    await indexer?.stop().catch(() => {})
    await retention?.stop().catch(() => {})
    if (chainHandles) await closeChainHandles(chainHandles).catch(() => {})
    await repo.close().catch(() => {})
    lock?.release()
    throw err
  }
}

async function buildApp(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(cors, corsOptions(ctx.config.corsOrigins))
  const metrics = observeApi(app, ctx)
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(handleNotFound)
  app.addHook('onResponse', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>
    const str = (x: unknown) => (typeof x === 'string' ? x.slice(0, 128) : undefined)
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? req.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        projectId: projectIdOf(req)?.slice(0, 128),
        st: str(q.st),
        sv: str(q.sv),
        clientId: str(q.clientId),
      },
      'request',
    )
  })
  healthRoute(app, ctx)
  const guard = createGuard(
    ctx.config.projectIds,
    ctx.config.rateLimit,
    ctx.config.projectRateLimit,
    ctx.config.clientIdRateLimit,
  )
  await app.register(async (v1) => {
    v1.addHook('preHandler', guard)
    supportedChainsRoute(v1, ctx)
    balanceRoute(v1, ctx)
    fungiblePriceRoute(v1, ctx)
    identityRoute(v1, ctx)
    profileRoutes(v1, ctx)
    gasPriceRoute(v1, ctx)
    convertRoutes(v1, ctx)
    sessionsRoutes(v1, ctx)
    historyRoute(v1, ctx)
    nftsRoute(v1, ctx)
    siwxRoutes(v1, ctx)
    onrampRoutes(v1, ctx)
    bitcoinRoutes(v1, ctx)
    previewRoute(v1, ctx, metrics)
    paymasterRoutes(v1, ctx)
  })
  onrampProviderRoutes(app, ctx)
  await directoryRoutes(app, ctx)
}
