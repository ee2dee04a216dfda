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

/** Who is calling within a project: the SDK's clientId query parameter when sent, else the IP. */
export function clientOf(req: FastifyRequest): string {
  const clientId = (req.query as Record<string, unknown> | undefined)?.clientId
  return typeof clientId === 'string' && clientId.length > 0 && clientId.length <= 256
    ? `id:${clientId}`
    : `ip:${req.ip}`
}

const retryIn = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/**
 * Admits calls of known projects, within their rate: no projectId → 400, unknown → 403. Each client
 * of a project (clientOf) has its own bucket, so one client flooding never spends another's quota;
 * the project as a whole has a higher ceiling. Over either → 429 with Retry-After (seconds).
 */
export function createGuard(projectIds: string[], perClient: RateLimit, perProject: RateLimit) {
  const allowed = new Set(projectIds)
  const clients = createRateLimiter(perClient)
  const projects = createRateLimiter(perProject)
  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const projectId = projectIdOf(req)
    if (projectId === undefined)
      throw new ApiError(400, 'Missing projectId: add ?projectId=<your project id> to the call')
    if (projectId === '') throw new ApiError(400, 'projectId must be one non-empty value')
    if (!allowed.has(projectId)) throw new ApiError(403, `Unknown projectId "${projectId.slice(0, 64)}"`)
    const client = clients.take(`${projectId}\n${clientOf(req)}`)
    if (!client.ok) {
      const seconds = retryIn(client.retryAfterMs)
      throw new ApiError(
        429,
        `Rate limit exceeded for project "${projectId}" from this client (clientId, else IP address): retry in ${seconds} s`,
        { 'retry-after': String(seconds) },
      )
    }
    const project = projects.take(projectId)
    if (!project.ok) {
      const seconds = retryIn(project.retryAfterMs)
      throw new ApiError(
        429,
        `Rate limit exceeded for project "${projectId}" (all clients together): retry in ${seconds} s`,
        { 'retry-after': String(seconds) },
      )
    }
  }
}
