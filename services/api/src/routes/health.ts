import type { ApiHealthResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'

/**
 * GET /health: liveness. 200 while the process answers, with the database kind and, per chain, how far
 * the history index has got and whether its last step failed. A chain that is down is not a reason to
 * restart the API, so it is GET /ready (observability.ts) that answers 503 for it; the error's text
 * (RPC URLs, which may carry keys) goes to the log only. No projectId; cheap: no call is made.
 */
export function healthRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/health', async (): Promise<ApiHealthResponse> => {
    const indexed = new Map(ctx.indexerStatus().map((s) => [s.chainId, s]))
    const chains = [...ctx.chains.values()].map((h) => {
      const s = indexed.get(h.chainId)
      return {
        chainId: h.caipId,
        indexedBlock: s?.indexedBlock ?? null,
        headBlock: s?.headBlock ?? null,
        indexing: s?.lastError ? ('failing' as const) : ('ok' as const),
      }
    })
    return { ok: true, database: ctx.repo.dialect, chains }
  })
}
