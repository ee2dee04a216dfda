import type { ApiHealthResponse } from '@portico/shared-types'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'

/** GET /health: database kind and, per chain, how far the history index has got. No projectId. */
export function healthRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/health', async (): Promise<ApiHealthResponse> => {
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
    return { ok: chains.every((c) => c.lastError === null), database: ctx.repo.dialect, chains }
  })
}
