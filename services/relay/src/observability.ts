/**
 * The relay's metrics and readiness: HTTP requests by route (@portico/ops), sockets, subscriptions and
 * queue sizes (stored messages, deliveries in flight, backlog, unsent socket bytes), its event counts;
 * GET /ready checks that the message store writes.
 */
import { createServiceMetrics, type MetricsAccess, type NodeHttpObservability } from '@portico/ops'
import type { Counters, RelayContext } from './context.ts'

export function relayObservability(
  ctx: RelayContext,
  stats: () => Promise<{
    topics: number
    storedMessages: number
    storedBytes: number
    persistenceOk: boolean
  }>,
  access: MetricsAccess,
): NodeHttpObservability {
  const metrics = createServiceMetrics('relay')
  const connections = () => [...ctx.hub.connections]
  metrics.gauge(
    'portico_relay_sockets',
    'Open, authenticated WebSocket connections',
    () => ctx.hub.counts().connections,
  )
  metrics.gauge('portico_relay_clients', 'Distinct client ids connected', () => ctx.hub.counts().clients)
  metrics.gauge(
    'portico_relay_subscriptions',
    'Active (socket, topic) subscriptions',
    () => ctx.hub.counts().subscriptions,
  )
  metrics.gauge(
    'portico_relay_stored_messages',
    'Messages stored, not yet expired',
    async () => (await stats()).storedMessages,
  )
  metrics.gauge(
    'portico_relay_stored_bytes',
    'Bytes of stored messages',
    async () => (await stats()).storedBytes,
  )
  metrics.gauge('portico_relay_inflight_deliveries', 'Deliveries sent and not yet acknowledged', () =>
    connections().reduce((sum, c) => sum + c.inflight.size, 0),
  )
  metrics.gauge('portico_relay_backlog_topics', 'Topics waiting to be delivered from the store', () =>
    connections().reduce((sum, c) => sum + c.backlog.size, 0),
  )
  metrics.gauge('portico_relay_socket_buffered_bytes', 'Bytes queued on sockets, not yet sent', () =>
    connections().reduce((sum, c) => sum + c.ws.bufferedAmount, 0),
  )
  metrics.gauge(
    'portico_relay_events',
    'Relay events since start (published, delivered, acked, expired, refusals…), by event',
    () => Object.entries(ctx.stats as Counters).map(([event, value]) => ({ labels: { event }, value })),
    ['event'],
  )
  return {
    metrics,
    access,
    // The relay answers /health itself (with its statistics).
    health: false,
    routeOf: (method, path) => (method === 'GET' && path === '/health' ? '/health' : undefined),
    ready: {
      store: async () => {
        if (!(await stats()).persistenceOk) throw new Error('the message store cannot write')
      },
    },
    log: ctx.log,
  }
}
