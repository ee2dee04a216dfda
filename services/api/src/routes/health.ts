import type { ApiHealthResponse } from '@portico/shared-types'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'

/**
 * GET /health: database kind and, per chain, how far the history index has got. No projectId.
 * 200 when ok, 503 when not (a chain failing): load balancers read the status, not the body.
 */
export function healthRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/health', async (_req, reply): Promise<ApiHealthResponse> => {
    const indexed = new Map(ctx.indexerStatus().map((s) => [s.chainId, s]))
    const chains = [...ctx.chains.values()].map((h) => {
      const s = indexed.get(h.chainId)
      return {
        chainId: h.caipId,
        indexedBlock: s?.indexedBlock ?? null,
        headBlock: s?.headBlock ?? null,
        lastError: s?.lastError ?? null,
      }
    })
    const ok = chains.every((c) => c.lastError === null)
    void reply.code(ok ? 200 : 503)
    return { ok, database: ctx.repo.dialect, chains }
  })
}
