/**
 * Observability of a service on node:http (relay, IdP, on-ramp page): request ids, request metrics by
 * route pattern, /metrics, /health and /ready, in front of the service's own handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type MetricsAccess, metricsDecision } from './access.ts'
import type { ServiceLog } from './log.ts'
import type { ServiceMetrics } from './metrics.ts'
import { type ReadyChecks, runReadyChecks } from './ready.ts'
import { REQUEST_ID_HEADER, requestIdOf } from './requestId.ts'

export interface NodeHttpObservability {
  metrics: ServiceMetrics
  access: MetricsAccess
  ready: ReadyChecks
  /**
   * The route pattern of a path (one of the service's own, e.g. `/api/orders/:id/pay`), or undefined
   * when none matches: the metrics never see the path itself.
   */
  routeOf: (method: string, path: string) => string | undefined
  /** Serve GET /health here (false when the service answers it itself). */
  health?: boolean
  log?: (line: string) => void
  /** One line per answered request (request id, method, route pattern, status, ms). */
  accessLog?: ServiceLog
}

/**
 * Tags the request (x-request-id), counts it when answered, and answers /metrics, /ready (and
 * /health) itself: true when it did, and the service's handler should not.
 */
export async function observeNodeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: NodeHttpObservability,
): Promise<{ handled: boolean; requestId: string }> {
  const started = process.hrtime.bigint()
  const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER])
  const method = req.method ?? 'GET'
  const path = new URL(req.url ?? '/', 'http://service').pathname
  const opsRoute = method === 'GET' ? opsRouteOf(path, options.health ?? false) : undefined
  res.setHeader(REQUEST_ID_HEADER, requestId)
  // 'close' also fires for an answer the client did not wait for: it is counted too.
  res.once('close', () => {
    const route = opsRoute ?? options.routeOf(method, path)
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    options.metrics.observeHttp({ method, route, status: res.statusCode, seconds })
    options.accessLog?.info('request', {
      requestId,
      method,
      // The pattern, never the path: paths carry ids and tokens.
      route: route ?? 'unmatched',
      status: res.statusCode,
      ms: Math.round(seconds * 1000),
      ...(res.writableFinished ? {} : { aborted: true }),
    })
  })
  if (opsRoute === undefined) return { handled: false, requestId }
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  if (opsRoute === '/health') json(200, { ok: true })
  else if (opsRoute === '/ready') {
    const report = await runReadyChecks(options.ready, {
      onFailure: (name, err) => options.log?.(`not ready: ${name}: ${String(err).split('\n')[0]}`),
    })
    json(report.ok ? 200 : 503, report)
  } else {
    const decision = metricsDecision(options.access, req.headers.authorization)
    if (decision === 'not-served') json(404, { error: 'Not Found' })
    else if (decision === 'unauthorized') {
      res.setHeader('www-authenticate', 'Bearer')
      json(401, { error: 'Unauthorized' })
    } else {
      const { contentType, body } = await options.metrics.render()
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
      res.end(body)
    }
  }
  return { handled: true, requestId }
}

function opsRouteOf(path: string, health: boolean): string | undefined {
  if (path === '/metrics' || path === '/ready') return path
  return health && path === '/health' ? path : undefined
}
