/**
 * Sending to a connection with backpressure: deliveries pause while the socket's send queue is
 * above `maxBufferedBytes` or `maxInflightPerConnection` deliveries await their ack; the held-back
 * messages stay in the store and are sent from there (oldest first) as acks come in and the queue
 * drains. A socket that does not read is closed.
 */
import { WebSocket } from 'ws'
import type { RelayContext } from './context.ts'
import { type Connection, flightKey, RECENT_ACKS, subscriptionId } from './hub.ts'
import { formatError, formatRequest } from './jsonrpc.ts'
import type { StoredMessage } from './storage/types.ts'

/** Above this queue a socket is closed at once (deliveries stop at maxBufferedBytes already). */
const hardQueueLimit = (ctx: RelayContext) => 2 * ctx.limits.maxBufferedBytes + ctx.maxPayloadBytes + 65_536

export function closeSlow(ctx: RelayContext, conn: Connection, why: string): void {
  if (conn.ws.readyState === WebSocket.CLOSED) return
  ctx.stats.slowSockets++
  ctx.log(`#${conn.serial} ${why}: closed`)
  conn.ws.terminate()
}

/** Sends a frame; a socket whose queue passes the hard limit is closed. */
export function send(ctx: RelayContext, conn: Connection, text: string): void {
  if (conn.ws.readyState !== WebSocket.OPEN) return
  conn.ws.send(text)
  if (conn.ws.bufferedAmount > hardQueueLimit(ctx)) {
    closeSlow(ctx, conn, `does not read: ${conn.ws.bufferedAmount} bytes queued`)
  }
}

export function sendError(
  ctx: RelayContext,
  conn: Connection,
  rawId: string | undefined,
  code: number,
  message: string,
): void {
  ctx.stats.rpcErrors++
  send(ctx, conn, formatError(rawId ?? 'null', code, message))
}

/** True when a delivery may be sent now; marks the socket congested when its queue is full. */
function canDeliver(ctx: RelayContext, conn: Connection): boolean {
  if (conn.ws.readyState !== WebSocket.OPEN) return false
  if (conn.ws.bufferedAmount > ctx.limits.maxBufferedBytes) {
    conn.congestedSince ??= Date.now()
    return false
  }
  return conn.inflight.size < ctx.limits.maxInflightPerConnection
}

function sendDelivery(ctx: RelayContext, conn: Connection, stored: StoredMessage): void {
  const id = ctx.nextRequestId()
  conn.inflight.set(String(id), { topic: stored.topic, key: stored.key, expiresAt: stored.expiresAt })
  conn.inflightKeys.add(flightKey(stored.topic, stored.key))
  ctx.stats.delivered++
  ctx.trace?.(`#${conn.serial} <- irn_subscription ${stored.topic} tag=${stored.tag} id=${id}`)
  send(
    ctx,
    conn,
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

/** A message just published on one of `conn`'s topics: sent now, or left in the store for later. */
export function offer(ctx: RelayContext, conn: Connection, stored: StoredMessage): void {
  if (stored.publisher === conn.clientId || stored.expiresAt <= Date.now()) return
  const fk = flightKey(stored.topic, stored.key)
  if (conn.inflightKeys.has(fk) || conn.recentAcks.has(fk)) return
  if (!canDeliver(ctx, conn)) {
    ctx.stats.deferred++
    conn.backlog.add(stored.topic)
    return
  }
  sendDelivery(ctx, conn, stored)
}

/** Sends what the store holds for the topics in `conn.backlog`, as far as the caps allow. */
export function pump(ctx: RelayContext, conn: Connection): void {
  if (conn.pumping) {
    conn.pumpAgain = true
    return
  }
  conn.pumping = true
  void (async () => {
    try {
      do {
        conn.pumpAgain = false
        await pumpOnce(ctx, conn)
      } while (conn.pumpAgain && conn.ws.readyState === WebSocket.OPEN)
    } catch (error) {
      ctx.stats.handlerFailures++
      ctx.log(`#${conn.serial} delivery from the store failed: ${(error as Error).stack ?? error}`)
    } finally {
      conn.pumping = false
    }
  })()
}

async function pumpOnce(ctx: RelayContext, conn: Connection): Promise<void> {
  const limit = ctx.limits.maxInflightPerConnection
  for (const topic of [...conn.backlog]) {
    if (!conn.topics.has(topic)) {
      conn.backlog.delete(topic)
      continue
    }
    if (!canDeliver(ctx, conn)) return
    // A topic new to this node: messages published from now on must reach it before the store is read.
    await ctx.fanOut.watching?.(topic)
    const page = await ctx.store.pending(topic, conn.clientId, {
      limit,
      maxBytes: ctx.limits.maxBufferedBytes,
    })
    for (const m of page.messages) {
      if (!conn.topics.has(topic)) break
      if (conn.inflightKeys.has(flightKey(m.topic, m.key))) continue
      if (!canDeliver(ctx, conn)) return
      sendDelivery(ctx, conn, m)
    }
    // Nothing left out: everything pending on the topic is sent or in flight.
    if (!page.more) conn.backlog.delete(topic)
  }
}

/** The client answered delivery `id`. */
export async function onAck(ctx: RelayContext, conn: Connection, id: string, ok: boolean): Promise<void> {
  ctx.trace?.(`#${conn.serial} -> ${ok ? 'ack' : 'error'} for ${id}`)
  const f = conn.inflight.get(id)
  if (!f) return
  try {
    if (ok && (await ctx.store.ack(f.topic, f.key, conn.clientId))) ctx.stats.acked++
    if (ok) {
      conn.recentAcks.add(flightKey(f.topic, f.key))
      // Oldest first out (a Set iterates in insertion order).
      if (conn.recentAcks.size > RECENT_ACKS)
        conn.recentAcks.delete(conn.recentAcks.values().next().value ?? '')
    }
  } finally {
    conn.inflight.delete(id)
    conn.inflightKeys.delete(flightKey(f.topic, f.key))
  }
  if (conn.backlog.size > 0) pump(ctx, conn)
}

/**
 * Periodic check of congested sockets: one that drained gets its backlog; one still above the
 * limit after `slowSocketTimeoutMs` is closed (its unacked messages stay in the store).
 */
export function checkCongested(ctx: RelayContext, now = Date.now()): void {
  for (const conn of ctx.hub.connections) {
    if (conn.congestedSince === undefined) continue
    if (conn.ws.bufferedAmount <= ctx.limits.maxBufferedBytes) {
      conn.congestedSince = undefined
      if (conn.backlog.size > 0) pump(ctx, conn)
    } else if (now - conn.congestedSince >= ctx.limits.slowSocketTimeoutMs) {
      closeSlow(ctx, conn, `did not read for ${ctx.limits.slowSocketTimeoutMs} ms`)
    }
  }
}

/** Forgets in-flight deliveries of messages that expired. */
export function dropExpiredInflight(ctx: RelayContext, now = Date.now()): void {
  for (const conn of ctx.hub.connections) {
    for (const [id, f] of conn.inflight) {
      if (f.expiresAt <= now) {
        conn.inflight.delete(id)
        conn.inflightKeys.delete(flightKey(f.topic, f.key))
      }
    }
  }
}
