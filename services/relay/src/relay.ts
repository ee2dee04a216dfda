import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { AuthError, audienceMatcher, verifyClientJwt } from './auth.ts'
import {
  ErrorCode,
  formatError,
  formatRequest,
  formatResult,
  invalidParams,
  parseIncoming,
  RpcError,
} from './jsonrpc.ts'
import {
  checkUnsubscribe,
  MAX_BATCH,
  messageParam,
  object,
  type PublishParams,
  promptParam,
  publishParams,
  rawToString,
  tagParam,
  topicList,
  topicParam,
  truncateReason,
  ttlParam,
} from './params.ts'
import { MessageStore, SnapshotFile, type StoredMessage } from './store.ts'

export interface RelayOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** Port; default 0 (a free port picked by the OS). */
  port?: number
  /** Log connections, auth failures and errors to stdout, or to the given function. */
  log?: boolean | ((line: string) => void)
  /** Also log every request, delivery and ack (with `log`). */
  logTraffic?: boolean
  /** WebSocket ping period; clients drop a connection that has been silent for 35 s. Default 20 s. */
  pingIntervalMs?: number
  /** How often expired messages are dropped. Default 5 s. */
  sweepIntervalMs?: number
  /**
   * Keep messages in this JSON file too (written shortly after changes and on close, read at start),
   * so a restarted relay still delivers what was pending. Unset: memory only.
   */
  dataFile?: string
  /** Extra relay URLs accepted as a JWT `aud` besides the host the client connected to. */
  audiences?: string[]
  /** Largest WebSocket frame accepted. Default 4 MiB. */
  maxPayloadBytes?: number
  /** Oldest messages of a topic are dropped beyond this many. Default 10 000. */
  maxMessagesPerTopic?: number
}

export interface RelayStats {
  startedAt: number
  /** Open, authenticated WebSocket connections. */
  connections: number
  /** Distinct client ids among them. */
  clients: number
  /** Active (connection, topic) subscriptions. */
  subscriptions: number
  /** Topics that have stored messages. */
  topics: number
  /** Messages stored and not yet expired. */
  storedMessages: number
  /** New messages accepted (irn_publish, irn_batchPublish, wc_proposeSession, wc_approveSession). */
  published: number
  /** Publishes of a message already stored on the topic (client retries); not delivered again. */
  duplicatePublishes: number
  /** irn_subscription deliveries sent. */
  delivered: number
  /** Deliveries acknowledged by the client. */
  acked: number
  /** Messages dropped because their TTL ran out. */
  expired: number
  /** Upgrades refused for a missing/bad JWT or project id. */
  authFailures: number
  /** JSON-RPC error responses sent. */
  rpcErrors: number
  /** Sockets terminated for not answering pings. */
  deadSockets: number
}

export interface Relay {
  /** ws://host:port — use it as the clients' relayUrl. */
  url: string
  host: string
  port: number
  stats(): RelayStats
  close(): Promise<void>
}

/** Tags the relay gives to the messages of wc_proposeSession / wc_approveSession. */
export const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

const DEFAULT_SESSION_TTL_SECONDS = 5 * 60
const FETCH_PAGE = 500

interface Connection {
  serial: number
  ws: WebSocket
  clientId: string
  projectId: string
  ua: string
  topics: Set<string>
  /** Relay request id → the delivered message, until the client acknowledges it. */
  inflight: Map<string, StoredMessage>
  /** `${topic}\n${key}` of deliveries in flight on this connection (not to send them twice). */
  inflightKeys: Set<string>
  alive: boolean
}

export const subscriptionId = (topic: string, clientId: string): string =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const pingIntervalMs = options.pingIntervalMs ?? 20_000
  const sweepIntervalMs = options.sweepIntervalMs ?? 5_000
  const audiences = options.audiences ?? []
  const log =
    typeof options.log === 'function'
      ? options.log
      : options.log
        ? (line: string) => console.log(`[relay] ${new Date().toISOString()} ${line}`)
        : () => {}

  const trace = options.logTraffic ? log : undefined
  const store = new MessageStore(options.maxMessagesPerTopic)
  const snapshot = options.dataFile
    ? new SnapshotFile(options.dataFile, store, 100, (e) => log(`persist failed: ${e.message}`))
    : undefined
  if (snapshot) {
    const loaded = await snapshot.load()
    if (loaded > 0) log(`loaded ${loaded} pending messages from ${options.dataFile}`)
    store.onChange = () => snapshot.schedule()
  }

  const stats = {
    startedAt: Date.now(),
    published: 0,
    duplicatePublishes: 0,
    delivered: 0,
    acked: 0,
    expired: 0,
    authFailures: 0,
    rpcErrors: 0,
    deadSockets: 0,
  }
  const connections = new Set<Connection>()
  const subscribers = new Map<string, Set<Connection>>()
  let nextSerial = 1
  // Relay → client request ids: safe integers, so clients echo them back unchanged.
  let nextRequestId = Date.now() * 1000

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? 4 * 1024 * 1024 })
  const server = createServer(onHttpRequest)
  server.on('upgrade', onUpgrade)

  // ---------- HTTP and upgrade ----------

  function onHttpRequest(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://relay').pathname
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 'ok', ...currentStats() }))
      return
    }
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' })
    res.end('Portico relay: open a WebSocket to /?auth=<JWT>&projectId=<id>&ua=<agent> (WalletConnect v2).\n')
  }

  function refuse(
    req: IncomingMessage,
    socket: Socket,
    head: Buffer,
    useCloseEvent: boolean,
    reason: string,
  ) {
    stats.authFailures++
    log(`refused ${req.socket.remoteAddress ?? '?'}: ${reason}`)
    if (useCloseEvent) {
      // Browsers cannot read an HTTP status on a failed upgrade: the WalletConnect relay protocol
      // (useOnCloseEvent=true) accepts and closes with 3000 and the reason instead. Clients treat
      // 3000 as fatal and stop reconnecting.
      wss.handleUpgrade(req, socket, head, (ws) => {
        ws.close(3000, truncateReason(`Authorization error: ${reason}`))
      })
      return
    }
    const body = JSON.stringify({ error: 'Unauthorized', message: reason })
    socket.end(
      `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }

  function onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
    socket.on('error', () => socket.destroy())
    const url = new URL(req.url ?? '/', 'http://relay')
    const q = url.searchParams
    const useCloseEvent = q.get('useOnCloseEvent') === 'true'
    const projectId = q.get('projectId') ?? ''
    const ua = q.get('ua') ?? ''
    if (!projectId) {
      refuse(req, socket, head, useCloseEvent, 'Project ID is missing')
      return
    }
    verifyClientJwt(q.get('auth') ?? '', {
      acceptAudience: audienceMatcher(req.headers.host, audiences),
    }).then(
      (client) => {
        if (socket.destroyed) return
        wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, client.clientId, projectId, ua))
      },
      (error: unknown) => {
        if (socket.destroyed) return
        refuse(
          req,
          socket,
          head,
          useCloseEvent,
          error instanceof AuthError ? error.message : 'JWT is invalid',
        )
      },
    )
  }

  // ---------- Connections ----------

  function onConnection(ws: WebSocket, clientId: string, projectId: string, ua: string) {
    const conn: Connection = {
      serial: nextSerial++,
      ws,
      clientId,
      projectId,
      ua,
      topics: new Set(),
      inflight: new Map(),
      inflightKeys: new Set(),
      alive: true,
    }
    connections.add(conn)
    log(`#${conn.serial} connected ${clientId} project=${projectId} ua=${ua}`)
    ws.on('pong', () => {
      conn.alive = true
    })
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.alive = true
      onMessage(conn, isBinary ? null : rawToString(data))
    })
    ws.on('close', (code: number) => {
      connections.delete(conn)
      for (const topic of conn.topics) removeSubscriber(topic, conn)
      conn.topics.clear()
      conn.inflight.clear()
      conn.inflightKeys.clear()
      log(`#${conn.serial} closed (${code})`)
    })
    ws.on('error', (error: Error) => log(`#${conn.serial} socket error: ${error.message}`))
  }

  function send(conn: Connection, text: string) {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(text)
  }

  function sendError(conn: Connection, rawId: string | undefined, code: number, message: string) {
    stats.rpcErrors++
    send(conn, formatError(rawId ?? 'null', code, message))
  }

  function onMessage(conn: Connection, text: string | null) {
    if (text === null) {
      sendError(conn, 'null', ErrorCode.invalidRequest, 'Invalid request: binary frames are not supported')
      return
    }
    const incoming = parseIncoming(text)
    if (incoming.kind === 'invalid') {
      sendError(conn, incoming.rawId, incoming.code, incoming.message)
      return
    }
    if (incoming.kind === 'response') {
      onAck(conn, incoming.id, incoming.ok)
      return
    }
    const { rawId, method, params } = incoming
    trace?.(`#${conn.serial} -> ${method} ${JSON.stringify(params)?.slice(0, 160)}`)
    let result: Handled
    try {
      result = handle(conn, method, params)
    } catch (error) {
      if (rawId === undefined) return // a notification gets no answer, not even an error
      if (error instanceof RpcError) sendError(conn, rawId, error.code, error.message)
      else {
        log(`#${conn.serial} ${method} failed: ${(error as Error).stack ?? error}`)
        sendError(conn, rawId, ErrorCode.internal, `Internal error: ${(error as Error).message}`)
      }
      return
    }
    if (rawId !== undefined) send(conn, formatResult(rawId, result.value))
    result.after?.()
  }

  function onAck(conn: Connection, id: string, ok: boolean) {
    trace?.(`#${conn.serial} -> ${ok ? 'ack' : 'error'} for ${id}`)
    const stored = conn.inflight.get(id)
    if (!stored) return
    conn.inflight.delete(id)
    conn.inflightKeys.delete(`${stored.topic}\n${stored.key}`)
    if (ok && store.ack(stored, conn.clientId)) stats.acked++
  }

  // ---------- Subscriptions and delivery ----------

  function addSubscriber(conn: Connection, topic: string): string {
    conn.topics.add(topic)
    let set = subscribers.get(topic)
    if (!set) {
      set = new Set()
      subscribers.set(topic, set)
    }
    set.add(conn)
    return subscriptionId(topic, conn.clientId)
  }

  function removeSubscriber(topic: string, conn: Connection) {
    const set = subscribers.get(topic)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) subscribers.delete(topic)
  }

  function deliver(conn: Connection, stored: StoredMessage) {
    if (stored.publisher === conn.clientId || stored.ackedBy.has(conn.clientId)) return
    if (stored.expiresAt <= Date.now()) return
    const flightKey = `${stored.topic}\n${stored.key}`
    if (conn.inflightKeys.has(flightKey)) return
    if (conn.ws.readyState !== WebSocket.OPEN) return
    const id = nextRequestId++
    conn.inflight.set(String(id), stored)
    conn.inflightKeys.add(flightKey)
    stats.delivered++
    trace?.(`#${conn.serial} <- irn_subscription ${stored.topic} tag=${stored.tag} id=${id}`)
    conn.ws.send(
      formatRequest(id, 'irn_subscription', {
        id: subscriptionId(stored.topic, conn.clientId),
        data: {
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          tag: stored.tag,
          // An empty attestation tells the wallet SDK not to call the hosted Verify API.
          attestation: '',
        },
      }),
    )
  }

  function deliverPending(conn: Connection, topic: string) {
    for (const stored of store.pendingFor(topic, conn.clientId)) deliver(conn, stored)
  }

  function publish(conn: Connection, p: PublishParams) {
    const { stored, isNew } = store.add({ ...p, publisher: conn.clientId })
    if (isNew) stats.published++
    else stats.duplicatePublishes++
    const set = subscribers.get(p.topic)
    if (set) for (const sub of set) deliver(sub, stored)
  }

  // ---------- Methods ----------

  function handle(conn: Connection, method: string, params: unknown): Handled {
    switch (method) {
      case 'irn_subscribe': {
        const p = object(params, method)
        const topic = topicParam(p, 'topic')
        const id = addSubscriber(conn, topic)
        return { value: id, after: () => deliverPending(conn, topic) }
      }
      case 'irn_batchSubscribe': {
        const p = object(params, method)
        const topics = topicList(p, 'topics')
        const ids = topics.map((t) => addSubscriber(conn, t))
        return {
          value: ids,
          after: () => {
            for (const t of topics) deliverPending(conn, t)
          },
        }
      }
      case 'irn_unsubscribe': {
        const p = object(params, method)
        unsubscribeOne(conn, p, 'params')
        return { value: true }
      }
      case 'irn_batchUnsubscribe': {
        const p = object(params, method)
        const subs = p.subscriptions
        if (!Array.isArray(subs))
          throw invalidParams('irn_batchUnsubscribe: "subscriptions" must be an array')
        if (subs.length > MAX_BATCH) {
          throw invalidParams(`irn_batchUnsubscribe: at most ${MAX_BATCH} subscriptions per call`)
        }
        subs.forEach((s, i) => {
          checkUnsubscribe(object(s, `irn_batchUnsubscribe subscriptions[${i}]`), `subscriptions[${i}]`)
        })
        for (const s of subs) unsubscribeOne(conn, s as Record<string, unknown>, '')
        return { value: true }
      }
      case 'irn_publish': {
        const p = publishParams(object(params, method), 'params')
        return { value: true, after: () => publish(conn, p) }
      }
      case 'irn_batchPublish': {
        const p = object(params, method)
        if (!Array.isArray(p.messages)) throw invalidParams('irn_batchPublish: "messages" must be an array')
        if (p.messages.length > MAX_BATCH) {
          throw invalidParams(`irn_batchPublish: at most ${MAX_BATCH} messages per call`)
        }
        const list = p.messages.map((m, i) =>
          publishParams(object(m, `irn_batchPublish messages[${i}]`), `messages[${i}]`),
        )
        return {
          value: true,
          after: () => {
            for (const m of list) publish(conn, m)
          },
        }
      }
      case 'irn_fetchMessages': {
        const p = object(params, method)
        return { value: fetchMessages(conn, [topicParam(p, 'topic')]) }
      }
      case 'irn_batchFetchMessages': {
        const p = object(params, method)
        return { value: fetchMessages(conn, topicList(p, 'topics')) }
      }
      case 'wc_proposeSession': {
        const p = object(params, method)
        const pairingTopic = topicParam(p, 'pairingTopic')
        const message = messageParam(p, 'sessionProposal')
        const ttlSeconds = ttlParam(p, DEFAULT_SESSION_TTL_SECONDS)
        const tag = tagParam(p, TAGS.sessionPropose)
        const prompt = promptParam(p, true)
        // The proposer waits on the pairing topic for the wallet's answer.
        addSubscriber(conn, pairingTopic)
        return {
          value: true,
          after: () => {
            publish(conn, { topic: pairingTopic, message, ttlSeconds, tag, prompt })
            deliverPending(conn, pairingTopic)
          },
        }
      }
      case 'wc_approveSession': {
        const p = object(params, method)
        const sessionTopic = topicParam(p, 'sessionTopic')
        const pairingTopic = topicParam(p, 'pairingTopic')
        const response = messageParam(p, 'sessionProposalResponse')
        const settle = messageParam(p, 'sessionSettlementRequest')
        const ttlSeconds = ttlParam(p, DEFAULT_SESSION_TTL_SECONDS)
        // The approver (wallet) is subscribed to the new session topic.
        addSubscriber(conn, sessionTopic)
        return {
          value: true,
          after: () => {
            publish(conn, {
              topic: sessionTopic,
              message: settle,
              ttlSeconds,
              tag: TAGS.sessionSettle,
              prompt: false,
            })
            publish(conn, {
              topic: pairingTopic,
              message: response,
              ttlSeconds,
              tag: TAGS.sessionProposeResponse,
              prompt: false,
            })
            deliverPending(conn, sessionTopic)
          },
        }
      }
      default:
        throw new RpcError(ErrorCode.methodNotFound, `Method not found: ${method}`)
    }
  }

  function unsubscribeOne(conn: Connection, p: Record<string, unknown>, where: string) {
    const topic = checkUnsubscribe(p, where)
    conn.topics.delete(topic)
    removeSubscriber(topic, conn)
  }

  function fetchMessages(conn: Connection, topics: string[]) {
    const messages: Array<{
      topic: string
      message: string
      publishedAt: number
      tag: number
      attestation: string
    }> = []
    let hasMore = false
    for (const topic of topics) {
      for (const stored of store.pendingFor(topic, conn.clientId)) {
        if (messages.length >= FETCH_PAGE) {
          hasMore = true
          break
        }
        // A fetched message counts as delivered to this client.
        if (store.ack(stored, conn.clientId)) stats.acked++
        messages.push({
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          tag: stored.tag,
          attestation: '',
        })
      }
      if (hasMore) break
    }
    return { messages, hasMore }
  }

  // ---------- Timers ----------

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        stats.deadSockets++
        log(`#${conn.serial} did not answer a ping: terminated`)
        conn.ws.terminate()
        continue
      }
      conn.alive = false
      try {
        conn.ws.ping()
      } catch {
        // the socket is closing; 'close' cleans up
      }
    }
  }, pingIntervalMs)

  const sweepTimer = setInterval(() => {
    const removed = store.sweep()
    if (removed === 0) return
    stats.expired += removed
    const now = Date.now()
    for (const conn of connections) {
      for (const [id, stored] of conn.inflight) {
        if (stored.expiresAt <= now) {
          conn.inflight.delete(id)
          conn.inflightKeys.delete(`${stored.topic}\n${stored.key}`)
        }
      }
    }
  }, sweepIntervalMs)

  function currentStats(): RelayStats {
    let subscriptions = 0
    const clients = new Set<string>()
    for (const c of connections) {
      subscriptions += c.topics.size
      clients.add(c.clientId)
    }
    return {
      ...stats,
      connections: connections.size,
      clients: clients.size,
      subscriptions,
      topics: store.topicCount,
      storedMessages: store.size,
    }
  }

  // ---------- Listen ----------

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    clearInterval(pingTimer)
    clearInterval(sweepTimer)
    throw error
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`
  log(
    `listening on ${url}${options.dataFile ? ` (messages kept in ${options.dataFile})` : ' (messages in memory)'}`,
  )

  let closing: Promise<void> | undefined
  async function close(): Promise<void> {
    closing ??= (async () => {
      clearInterval(pingTimer)
      clearInterval(sweepTimer)
      const open = [...connections]
      await Promise.all(
        open.map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.ws.readyState === WebSocket.CLOSED) return resolve()
              const timer = setTimeout(() => {
                conn.ws.terminate()
                resolve()
              }, 1000)
              conn.ws.once('close', () => {
                clearTimeout(timer)
                resolve()
              })
              // 1001 (going away), not 3000: clients reconnect and resubscribe.
              conn.ws.close(1001, 'Relay shutting down')
            }),
        ),
      )
      wss.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      if (snapshot) await snapshot.flush()
      log('closed')
    })()
    return closing
  }

  return { url, host, port, stats: currentStats, close }
}

// ---------- Parameter checks (each failure is a -32602 with the field named) ----------

type Handled = { value: unknown; after?: () => void }
