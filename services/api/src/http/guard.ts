import type { FastifyReply, FastifyRequest } from 'fastify'
import { clientKeyOf } from '../profile/clientKey.ts'
import { ApiError } from './errors.ts'
import { createRateLimiter, halfOf, type RateLimit } from './rateLimit.ts'

/** projectId of a call: the query parameter, else (POST /v1/fungible/price) the body field. */
export function projectIdOf(req: FastifyRequest): string | undefined {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.projectId
  if (typeof fromQuery === 'string') return fromQuery
  if (Array.isArray(fromQuery)) return fromQuery.length > 0 ? '' : undefined
  const body = req.body
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).projectId : undefined
  return typeof fromBody === 'string' ? fromBody : undefined
}

/** The client IP address a budget is keyed on: `req.ip` (an IPv6 address by its /64). */
export function clientIpOf(req: FastifyRequest): string {
  return clientKeyOf(req.ip)
}

/** The SDK's clientId query parameter when sent (1–256 characters), else undefined. */
function clientIdOf(req: FastifyRequest): string | undefined {
  const clientId = (req.query as Record<string, unknown> | undefined)?.clientId
  return typeof clientId === 'string' && clientId.length > 0 && clientId.length <= 256 ? clientId : undefined
}

const retryIn = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

const tooMany = (message: string, retryAfterMs: number) => {
  const seconds = retryIn(retryAfterMs)
  return new ApiError(429, `${message}: retry in ${seconds} s`, { 'retry-after': String(seconds) })
}

/**
 * Admits calls of known projects, within their rate: no projectId → 400, unknown → 403. The budget is
 * per client IP address of a project (`clientIpOf`: behind a trusted proxy, the address it saw), since
 * a clientId is whatever the caller says. A clientId only subdivides its IP's budget: each one may
 * spend at most `perClientId` of it, so one client behind a shared address cannot spend it all, and
 * inventing clientIds never adds any (calls without a clientId draw on the IP's budget alone). The
 * project as a whole has a higher ceiling. Over any → 429 with Retry-After (seconds).
 */
export function createGuard(
  projectIds: string[],
  perIp: RateLimit,
  perProject: RateLimit,
  perClientId: RateLimit = halfOf(perIp),
) {
  const allowed = new Set(projectIds)
  const ips = createRateLimiter(perIp)
  const clientIds = createRateLimiter(perClientId)
  const projects = createRateLimiter(perProject)
  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const projectId = projectIdOf(req)
    if (projectId === undefined)
      throw new ApiError(400, 'Missing projectId: add ?projectId=<your project id> to the call')
    if (projectId === '') throw new ApiError(400, 'projectId must be one non-empty value')
    if (!allowed.has(projectId)) throw new ApiError(403, `Unknown projectId "${projectId.slice(0, 64)}"`)
    const ip = `${projectId}\n${clientIpOf(req)}`
    // The share first: a clientId over its share spends nothing of its IP's budget.
    const clientId = clientIdOf(req)
    const share = clientId === undefined ? undefined : clientIds.take(`${ip}\n${clientId}`)
    if (share && !share.ok)
      throw tooMany(`Rate limit exceeded for project "${projectId}" for this clientId`, share.retryAfterMs)
    const client = ips.take(ip)
    if (!client.ok)
      throw tooMany(
        `Rate limit exceeded for project "${projectId}" from this IP address`,
        client.retryAfterMs,
      )
    const project = projects.take(projectId)
    if (!project.ok)
      throw tooMany(
        `Rate limit exceeded for project "${projectId}" (all clients together)`,
        project.retryAfterMs,
      )
  }
}
