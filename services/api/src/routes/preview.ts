import type { PreviewResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import type { ApiMetrics } from '../observability.ts'
import { MAX_PREVIEW_BODY_BYTES } from '../preview/limits.ts'
import { parsePreviewRequest } from '../preview/request.ts'
import { previewRequest } from '../preview/service.ts'

/**
 * POST /v1/preview: the asset changes a transaction, a batch of calls or an EIP-712 payload would make
 * for its signer, with the digest binding the answer to exactly that request (@portico/shared-types/preview-digest).
 * Behind the v1 guard (projectId, rate limits); the body is capped while it is read.
 */
export function previewRoute(app: FastifyInstance, ctx: ApiContext, metrics: ApiMetrics): void {
  app.post('/v1/preview', { bodyLimit: MAX_PREVIEW_BODY_BYTES }, async (req): Promise<PreviewResponse> => {
    const input = parsePreviewRequest(req.body)
    const handle = ctx.chains.get(input.chainId)
    const rpcUrl = ctx.config.chains.find((c) => c.chainId === input.chainId)?.rpcUrl
    if (!handle || !rpcUrl)
      throw badRequest(
        `Network not supported for previews: eip155:${input.chainId} (served: ${[...ctx.chains.values()].map((h) => h.caipId).join(', ')})`,
      )
    const answer = await previewRequest(ctx.repo, { handle, rpcUrl }, input, (detail) =>
      req.log.warn({ chainId: handle.caipId, detail }, 'preview unavailable'),
    )
    metrics.previewAnswered(answer.kind === 'transaction' ? answer.status : answer.kind)
    return answer
  })
}
