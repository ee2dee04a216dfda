/**
 * Who is connected and subscribed to what: sockets, subscriptions by topic, and the socket and
 * subscription quotas per connection, client id and IP address.
 */
import { createHash } from 'node:crypto'
import type { WebSocket } from 'ws'
import { RpcError } from './jsonrpc.ts'
import type { RelayLimits } from './limits.ts'

/** JSON-RPC error code of a request refused by a quota (server-defined range, as EIP-1474). */
export const QUOTA_ERROR = -32005

export const quotaError = (message: string): RpcError =>
  new RpcError(QUOTA_ERROR, `Quota exceeded: ${message}`)

export interface InFlight {
  topic: string
  key: string
  expiresAt: number
}

export interface Connection {
  serial: number
  ws: WebSocket
  clientId: string
  projectId: string
  ua: string
  ip: string
  /** JWT expiry, ms since the epoch: the socket is closed then. */
  expiresAt: number
  topics: Set<string>
  /** Relay request id → the delivery, until the client acknowledges it. */
  inflight: Map<string, InFlight>
  /** `${topic}\n${key}` of the deliveries in flight (not to send them twice). */
  inflightKeys: Set<string>
  /**
   * `${topic}\n${key}` of the last deliveries this connection acknowledged (at most RECENT_ACKS):
   * a copy of the message reaching this node later (a fan-out across nodes) is not sent again.
   */
  recentAcks: Set<string>
  /** Subscribed topics that may hold messages not sent yet (in-flight cap or a full socket). */
  backlog: Set<string>
  /** Since when the socket's send queue has been above the limit. */
  congestedSince: number | undefined
  /** A pass over the backlog is running / was asked for while one ran. */
  pumping: boolean
  pumpAgain: boolean
  alive: boolean
  /** Frames are handled one after another, in order. */
  queue: Promise<void>
  queued: number
  timers: NodeJS.Timeout[]
}

export const subscriptionId = (topic: string, clientId: string): string =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

export const flightKey = (topic: string, key: string): string => `${topic}\n${key}`

/** How many acknowledged deliveries a connection remembers (see Connection.recentAcks). */
export const RECENT_ACKS = 256

interface Usage {
  sockets: number
  subscriptions: number
}

const bump = (map: Map<string, Usage>, id: string, field: keyof Usage, by: number) => {
  const u = map.get(id) ?? { sockets: 0, subscriptions: 0 }
  u[field] += by
  if (u.sockets <= 0 && u.subscriptions <= 0) map.delete(id)
  else map.set(id, u)
}

export class Hub {
  readonly connections = new Set<Connection>()
  private readonly subscribers = new Map<string, Set<Connection>>()
  private readonly byClient = new Map<string, Usage>()
  private readonly byIp = new Map<string, Usage>()

  /** `topics` hears when this relay gets its first subscriber of a topic and loses its last. */
  constructor(
    private readonly limits: RelayLimits,
    private readonly topics?: { first(topic: string): void; last(topic: string): void },
  ) {}

  /** Why one more socket for (clientId, ip) is refused, or undefined when it fits. */
  socketRefusal(clientId: string, ip: string): string | undefined {
    const { maxSocketsPerClient, maxSocketsPerIp } = this.limits
    if ((this.byClient.get(clientId)?.sockets ?? 0) >= maxSocketsPerClient) {
      return `at most ${maxSocketsPerClient} sockets per client id`
    }
    if ((this.byIp.get(ip)?.sockets ?? 0) >= maxSocketsPerIp) {
      return `at most ${maxSocketsPerIp} sockets per IP address`
    }
    return undefined
  }

  /** Holds a socket slot for (clientId, ip) from the upgrade on; `release` gives it back. */
  reserveSocket(clientId: string, ip: string): () => void {
    bump(this.byClient, clientId, 'sockets', 1)
    bump(this.byIp, ip, 'sockets', 1)
    let released = false
    return () => {
      if (released) return
      released = true
      bump(this.byClient, clientId, 'sockets', -1)
      bump(this.byIp, ip, 'sockets', -1)
    }
  }

  add(conn: Connection): void {
    this.connections.add(conn)
  }

  remove(conn: Connection): void {
    this.connections.delete(conn)
    for (const topic of [...conn.topics]) this.unsubscribe(conn, topic)
  }

  /**
   * Throws a quota error when subscribing `conn` to `topics` would pass a cap; changes nothing.
   * Topics it is already subscribed to do not count.
   */
  checkSubscribe(conn: Connection, topics: readonly string[]): void {
    const added = new Set(topics.filter((t) => !conn.topics.has(t))).size
    if (added === 0) return
    const l = this.limits
    if (conn.topics.size + added > l.maxSubscriptionsPerConnection) {
      throw quotaError(`at most ${l.maxSubscriptionsPerConnection} subscriptions per connection`)
    }
    if ((this.byClient.get(conn.clientId)?.subscriptions ?? 0) + added > l.maxSubscriptionsPerClient) {
      throw quotaError(`at most ${l.maxSubscriptionsPerClient} subscriptions per client id`)
    }
    if ((this.byIp.get(conn.ip)?.subscriptions ?? 0) + added > l.maxSubscriptionsPerIp) {
      throw quotaError(`at most ${l.maxSubscriptionsPerIp} subscriptions per IP address`)
    }
  }

  /** Subscribes (call checkSubscribe first); returns the subscription id. */
  subscribe(conn: Connection, topic: string): string {
    if (!conn.topics.has(topic)) {
      conn.topics.add(topic)
      bump(this.byClient, conn.clientId, 'subscriptions', 1)
      bump(this.byIp, conn.ip, 'subscriptions', 1)
      let set = this.subscribers.get(topic)
      if (!set) {
        set = new Set()
        this.subscribers.set(topic, set)
        this.topics?.first(topic)
      }
      set.add(conn)
    }
    return subscriptionId(topic, conn.clientId)
  }

  unsubscribe(conn: Connection, topic: string): void {
    if (!conn.topics.delete(topic)) return
    conn.backlog.delete(topic)
    bump(this.byClient, conn.clientId, 'subscriptions', -1)
    bump(this.byIp, conn.ip, 'subscriptions', -1)
    const set = this.subscribers.get(topic)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) {
      this.subscribers.delete(topic)
      this.topics?.last(topic)
    }
  }

  subscribersOf(topic: string): readonly Connection[] {
    const set = this.subscribers.get(topic)
    return set ? [...set] : []
  }

  counts(): { connections: number; clients: number; subscriptions: number } {
    let subscriptions = 0
    const clients = new Set<string>()
    for (const c of this.connections) {
      subscriptions += c.topics.size
      clients.add(c.clientId)
    }
    return { connections: this.connections.size, clients: clients.size, subscriptions }
  }
}
