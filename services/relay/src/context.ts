/** What the relay's modules share: limits, storage, the hub, counters and the log. */
import type { Hub } from './hub.ts'
import type { RelayLimits } from './limits.ts'
import type { FanOut, MessageStore, StoreQuota } from './storage/types.ts'

export interface Counters {
  /** New messages accepted (irn_publish, irn_batchPublish, wc_proposeSession, wc_approveSession). */
  published: number
  /** Publishes of a message already stored on the topic (client retries); not delivered again. */
  duplicatePublishes: number
  /** irn_subscription deliveries sent. */
  delivered: number
  /** Deliveries held back (in-flight cap or a full socket) to be sent later from the store. */
  deferred: number
  /** Deliveries acknowledged by the client. */
  acked: number
  /** Messages dropped because their TTL ran out. */
  expired: number
  /** Upgrades refused for a missing/bad JWT or project id. */
  authFailures: number
  /** JSON-RPC error responses sent. */
  rpcErrors: number
  /** Requests and upgrades refused by a quota. */
  quotaRefusals: number
  /** Sockets terminated for not answering pings. */
  deadSockets: number
  /** Sockets closed because they did not read what the relay sent. */
  slowSockets: number
  /** Sockets closed because their JWT expired. */
  expiredSockets: number
  /** Exceptions caught by the message guard (each also logged). */
  handlerFailures: number
}

export interface RelayContext {
  limits: RelayLimits
  /** Largest WebSocket frame accepted. */
  maxPayloadBytes: number
  store: MessageStore
  fanOut: FanOut
  quota: StoreQuota
  hub: Hub
  stats: Counters
  log: (line: string) => void
  trace: ((line: string) => void) | undefined
  nextRequestId: () => number
}

export const newCounters = (): Counters => ({
  published: 0,
  duplicatePublishes: 0,
  delivered: 0,
  deferred: 0,
  acked: 0,
  expired: 0,
  authFailures: 0,
  rpcErrors: 0,
  quotaRefusals: 0,
  deadSockets: 0,
  slowSockets: 0,
  expiredSockets: 0,
  handlerFailures: 0,
})
