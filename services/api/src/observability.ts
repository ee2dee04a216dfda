/**
 * The API's metrics and readiness: request metrics by route (@portico/ops), indexer lag per chain,
 * sign-ins; GET /ready checks the database and every chain's RPC.
 */
import { createServiceMetrics, observeFastify } from '@portico/ops'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from './context.ts'

/** Counts routes report themselves (what their answer was, beyond its status). */
export interface ApiMetrics {
  /** One transaction preview answered: success, reverted, signature or unavailable. */
  previewAnswered(outcome: PreviewOutcome): void
}

export type PreviewOutcome = 'success' | 'reverted' | 'signature' | 'unavailable'

export function observeApi(app: FastifyInstance, ctx: ApiContext): ApiMetrics {
  const metrics = createServiceMetrics('api')
  const previews = metrics.counter(
    'portico_api_previews_total',
    'Transaction previews answered, by outcome (unavailable: the node could not simulate)',
    ['outcome'],
  )
  metrics.gauge(
    'portico_api_indexer_lag_blocks',
    'Blocks the history index is behind the chain head, per chain (configured chains only)',
    () =>
      ctx.indexerStatus().flatMap((s) =>
        s.headBlock === null
          ? []
          : [
              {
                labels: { chain: String(s.chainId) },
                value: Math.max(0, s.headBlock - (s.indexedBlock ?? -1)),
              },
            ],
      ),
    ['chain'],
  )
  const signIns = metrics.counter('portico_api_sign_ins_total', 'Sign-in (SIWX) verifications, by result', [
    'result',
  ])
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.url === '/v1/siwx/verify' && req.method === 'POST')
      signIns.inc({ result: reply.statusCode === 200 ? 'ok' : 'refused' })
  })
  const [firstChain] = ctx.chains.values()
  observeFastify(app, {
    metrics,
    access: { production: ctx.config.production, token: ctx.config.metricsToken },
    ready: {
      // A read of a small table: the database answers queries, not only accepts connections.
      database: () => ctx.repo.listTokens(firstChain?.chainId ?? 0, { listedOnly: true }),
      ...Object.fromEntries(
        [...ctx.chains.values()].map((h) => [
          `chain ${h.caipId}`,
          () => h.client.getBlockNumber({ cacheTime: 0 }),
        ]),
      ),
    },
  })
  return { previewAnswered: (outcome) => previews.inc({ outcome }) }
}
