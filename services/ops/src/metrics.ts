/**
 * Prometheus metrics of one service (prom-client), in a registry of its own so that several services
 * in one process (the dev stack, tests) never share or clash. Every label takes values from a bounded
 * set: a route is its pattern (`/v1/balance/:address`), never the URL a client sent, so no caller can
 * grow the number of series.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** Requests no route matched share one label value. */
export const UNMATCHED_ROUTE = '(unmatched)'
/** Beyond this many distinct route patterns the rest share one label value (a route table is small). */
export const MAX_ROUTES = 256
const OTHER_ROUTE = '(other)'

export interface HttpObservation {
  method: string
  /** The route's pattern, or undefined when no route matched. */
  route: string | undefined
  status: number
  seconds: number
}

export type GaugeReading<L extends string> = number | Array<{ labels: Record<L, string>; value: number }>

export interface ServiceMetrics {
  registry: Registry
  observeHttp(observation: HttpObservation): void
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>
  /**
   * A gauge read when scraped (a socket count, a queue size): one value, or one per label set (label
   * values from a bounded set, such as configured chain ids).
   */
  gauge<L extends string>(
    name: string,
    help: string,
    read: () => GaugeReading<L> | Promise<GaugeReading<L>>,
    labelNames?: readonly L[],
  ): Gauge<L>
  /** The Prometheus text exposition. */
  render(): Promise<{ contentType: string; body: string }>
}

let processMetrics: Registry | undefined
/**
 * Node's own metrics (CPU, memory, event loop, GC) are the process's: collected once, whatever number
 * of services (the dev stack, a test file) run in it, since each collector keeps monitors running.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics, prefix: 'portico_' })
  }
  return processMetrics
}

export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry()
  registry.setDefaultLabels({ service })
  const requests = new Counter({
    name: 'portico_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const errors = new Counter({
    name: 'portico_http_errors_total',
    help: 'HTTP requests answered with an error (4xx client, 5xx server), by route pattern',
    labelNames: ['method', 'route', 'kind'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const routes = new Set<string>()
  const routeLabel = (route: string | undefined): string => {
    if (route === undefined || route === '') return UNMATCHED_ROUTE
    if (routes.has(route)) return route
    if (routes.size >= MAX_ROUTES) return OTHER_ROUTE
    routes.add(route)
    return route
  }
  return {
    registry,
    observeHttp({ method, route, status, seconds }) {
      const labels = {
        method: METHODS.has(method) ? method : 'OTHER',
        route: routeLabel(route),
      }
      const code = Number.isInteger(status) && status >= 100 && status <= 599 ? status : 0
      requests.inc({ ...labels, status: String(code) })
      latency.observe(labels, seconds)
      if (code >= 400) errors.inc({ ...labels, kind: code >= 500 ? 'server' : 'client' })
    },
    counter: (name, help, labelNames = []) =>
      new Counter({ name, help, labelNames: [...labelNames], registers: [registry] }),
    gauge: <L extends string>(
      name: string,
      help: string,
      read: () => GaugeReading<L> | Promise<GaugeReading<L>>,
      labelNames: readonly L[] = [],
    ) =>
      new Gauge<L>({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          const reading = await read()
          this.reset()
          if (typeof reading === 'number') this.set(reading)
          else for (const { labels, value } of reading) this.set(labels as Partial<Record<L, string>>, value)
        },
      }),
    render: async () => ({
      contentType: registry.contentType,
      // Two expositions one after the other (merging registries would drop the service label).
      body: `${(await registry.metrics()).trimEnd()}\n${await processRegistry().metrics()}`,
    }),
  }
}
