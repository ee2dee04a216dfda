import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { projectIdOf } from '../http/guard.ts'
import { createPaymasterService } from './service.ts'

/** Larger than any ERC-7677 request this service signs for (call data is bounded at 16 KiB). */
export const MAX_PAYMASTER_BODY_BYTES = 48 * 1024

/**
 * POST /v1/paymaster?projectId=<id>: the project's ERC-7677 paymaster service (JSON-RPC 2.0, one request
 * per body). Behind the v1 guard (a known projectId, the per-IP and per-project rate limits); the body
 * is capped while it is read (413). Not served when the API has no paymaster configured.
 */
export function paymasterRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const config = ctx.config.paymaster
  // No key: only in production, which refuses to start without one (production.ts).
  if (!config?.signerKey) return
  const service = createPaymasterService({ ...config, signerKey: config.signerKey }, ctx.repo, {
    onError: (err) => app.log.error({ err: String(err).slice(0, 500) }, 'paymaster service failed'),
  })
  app.post('/v1/paymaster', { bodyLimit: MAX_PAYMASTER_BODY_BYTES }, async (req) =>
    service.answer(projectIdOf(req) ?? '', req.body),
  )
}
