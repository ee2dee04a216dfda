import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from './errors.ts'
import { createRateLimiter, type RateLimit } from './rate-limit.ts'

/** projectId of a call: the query parameter, else (POST /v1/fungible/price) the body field. */
export function projectIdOf(req: FastifyRequest): string | undefined {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.projectId
  if (typeof fromQuery === 'string') return fromQuery
  if (Array.isArray(fromQuery)) return fromQuery.length > 0 ? '' : undefined
  const body = req.body
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).projectId : undefined
  return typeof fromBody === 'string' ? fromBody : undefined
}

/**
 * Admits calls of known projects, within their rate: no projectId → 400, unknown → 403, over the rate
 * → 429 with Retry-After (seconds).
 */
export function createGuard(projectIds: string[], limit: RateLimit) {
  const allowed = new Set(projectIds)
  const limiter = createRateLimiter(limit)
  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const projectId = projectIdOf(req)
    if (projectId === undefined)
      throw new ApiError(400, 'Missing projectId: add ?projectId=<your project id> to the call')
    if (projectId === '') throw new ApiError(400, 'projectId must be one non-empty value')
    if (!allowed.has(projectId)) throw new ApiError(403, `Unknown projectId "${projectId.slice(0, 64)}"`)
    const take = limiter.take(projectId)
    if (!take.ok) {
      const seconds = Math.max(1, Math.ceil(take.retryAfterMs / 1000))
      throw new ApiError(429, `Rate limit exceeded for project "${projectId}": retry in ${seconds} s`, {
        'retry-after': String(seconds),
      })
    }
  }
}
