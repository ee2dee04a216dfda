import { STATUS_CODES } from 'node:http'
import type { ApiErrorBody } from '@portico/shared-types/api'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

/**
 * An answer other than 2xx, with a message meant for the caller. `detail` (what an upstream said) is
 * logged with it and never answered: an upstream's own error text may name paths or secrets.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly detail?: string,
  ) {
    super(message)
  }
}

/** A 502 with a fixed message; what the upstream said goes to the log only. */
export function upstreamFailure(message: string, cause: unknown): ApiError {
  const said = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
  return new ApiError(502, message, {}, said.slice(0, 1000))
}

export const badRequest = (message: string) => new ApiError(400, message)

export function errorBody(statusCode: number, message: string): ApiErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message }
}

/** ApiErrors and fastify's own 4xx (bad JSON, body too large…) keep their message; the rest is a 500. */
export function handleError(err: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof ApiError) {
    if (err.statusCode >= 500)
      req.log.warn({ err: err.message, ...(err.detail && { detail: err.detail }) }, 'upstream failure')
    void reply.code(err.statusCode).headers(err.headers).send(errorBody(err.statusCode, err.message))
    return
  }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    void reply.code(status).send(errorBody(status, err.message))
    return
  }
  req.log.error({ err }, 'request failed')
  void reply.code(500).send(errorBody(500, 'Internal server error'))
}

export function handleNotFound(req: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).send(errorBody(404, `No route ${req.method} ${req.url.split('?')[0]}`))
}
