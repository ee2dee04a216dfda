/**
 * Observability of a fastify service: request ids (bounded, echoed in x-request-id and in each log
 * line), request metrics by route pattern, GET /metrics, GET /ready.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { type MetricsAccess, metricsDecision } from './access.ts'
import type { ServiceMetrics } from './metrics.ts'
import { type ReadyChecks, runReadyChecks } from './ready.ts'
import { REQUEST_ID_HEADER, requestIdOf } from './requestId.ts'

/** Fastify options for request ids: an incoming x-request-id only within bounds (requestId.ts). */
export function fastifyRequestIds(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    // Fastify would take the header as it is: genReqId reads and bounds it instead. Log lines carry
    // it as fastify's `reqId`.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
  }
}

export interface FastifyObservability {
  metrics: ServiceMetrics
  access: MetricsAccess
  /** The dependencies GET /ready checks. */
  ready: ReadyChecks
}

export function observeFastify(app: FastifyInstance, options: FastifyObservability): void {
  const { metrics } = options
  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id)
  })
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeHttp({
      method: req.method,
      route: req.routeOptions.url,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    })
  })
  app.get('/metrics', async (req, reply) => {
    const decision = metricsDecision(options.access, req.headers.authorization)
    if (decision === 'not-served') return reply.code(404).send({ error: 'Not Found' })
    if (decision === 'unauthorized')
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' })
    const { contentType, body } = await metrics.render()
    return reply.type(contentType).header('cache-control', 'no-store').send(body)
  })
  app.get('/ready', async (req, reply) => {
    const report = await runReadyChecks(options.ready, {
      onFailure: (name, err) => req.log.warn({ check: name, err: String(err).split('\n')[0] }, 'not ready'),
    })
    return reply
      .code(report.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report)
  })
}
