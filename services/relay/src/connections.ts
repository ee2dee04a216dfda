/**
 * WebSocket upgrades and connection lifecycle: JWT and project id checked, socket quotas per
 * client id and IP, the socket closed when its JWT expires, and every socket event guarded.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { WebSocket, WebSocketServer } from 'ws'
import { AuthError, audienceMatcher, type VerifiedClient, verifyClientJwt } from './auth.ts'
import { clientIp } from './clientIp.ts'
import type { RelayContext } from './context.ts'
import { onFrame } from './frames.ts'
import type { Connection } from './hub.ts'
import { printable, truncateReason } from './params.ts'

/** WebSocket close code for a connection whose JWT expired (the SDK reconnects with a new one). */
export const CLOSE_JWT_EXPIRED = 1008
/** Close code for a socket refused by a quota: try again later (the SDK retries; 3000 would stop it). */
export const CLOSE_TRY_AGAIN = 1013

/** Longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1

export interface Upgrader {
  onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void
}

export function createUpgrader(
  ctx: RelayContext,
  wss: WebSocketServer,
  audiences: string[],
  /** The project ids served (PORTICO_PROJECTS); undefined serves any. */
  projectIds?: ReadonlySet<string>,
  /** Trusted reverse proxies (RelayOptions.trustProxy): their X-Forwarded-For names the client. */
  trustedProxy?: (ip: string) => boolean,
): Upgrader {
  let nextSerial = 1

  function refuse(
    req: IncomingMessage,
    socket: Socket,
    head: Buffer,
    useCloseEvent: boolean,
    reason: string,
    kind: 'auth' | 'quota',
  ) {
    if (kind === 'auth') ctx.stats.authFailures++
    else ctx.stats.quotaRefusals++
    ctx.log(`refused ${clientIp(req, trustedProxy)}: ${reason}`)
    if (useCloseEvent) {
      // Browsers cannot read an HTTP status on a failed upgrade: the WalletConnect relay protocol
      // (useOnCloseEvent=true) accepts and closes with 3000 and the reason instead. Clients treat
      // 3000 as fatal and stop reconnecting, so a quota refusal uses 1013 (try again later).
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (kind === 'auth') ws.close(3000, truncateReason(`Authorization error: ${reason}`))
        else ws.close(CLOSE_TRY_AGAIN, truncateReason(`Quota exceeded: ${reason}`))
      })
      return
    }
    const [status, title] = kind === 'auth' ? [401, 'Unauthorized'] : [429, 'Too Many Requests']
    const body = JSON.stringify({
      error: title,
      message: kind === 'auth' ? reason : `Quota exceeded: ${reason}`,
    })
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }

  function onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
    socket.on('error', () => socket.destroy())
    try {
      const q = new URL(req.url ?? '/', 'http://relay').searchParams
      const useCloseEvent = q.get('useOnCloseEvent') === 'true'
      const projectId = q.get('projectId') ?? ''
      const ua = q.get('ua') ?? ''
      if (!projectId) {
        refuse(req, socket, head, useCloseEvent, 'Project ID is missing', 'auth')
        return
      }
      if (projectIds && !projectIds.has(projectId)) {
        refuse(req, socket, head, useCloseEvent, 'Invalid project ID', 'auth')
        return
      }
      verifyClientJwt(q.get('auth') ?? '', {
        acceptAudience: audienceMatcher(req.headers.host, audiences),
        maxLifetimeSeconds: ctx.limits.maxTokenLifetimeSeconds,
      }).then(
        (client) => {
          if (socket.destroyed) return
          const ip = clientIp(req, trustedProxy)
          const over = ctx.hub.socketRefusal(client.clientId, ip)
          if (over) {
            refuse(req, socket, head, useCloseEvent, over, 'quota')
            return
          }
          const release = ctx.hub.reserveSocket(client.clientId, ip)
          socket.once('close', release)
          wss.handleUpgrade(req, socket, head, (ws) => {
            try {
              onConnection(ws, client, ip, projectId, ua, release)
            } catch (error) {
              release()
              ctx.log(`connection set-up failed: ${(error as Error).stack ?? error}`)
              ws.terminate()
            }
          })
        },
        (error: unknown) => {
          if (socket.destroyed) return
          refuse(
            req,
            socket,
            head,
            useCloseEvent,
            error instanceof AuthError ? error.message : 'JWT is invalid',
            'auth',
          )
        },
      )
    } catch (error) {
      ctx.log(`upgrade failed: ${(error as Error).stack ?? error}`)
      socket.destroy()
    }
  }

  function onConnection(
    ws: WebSocket,
    client: VerifiedClient,
    ip: string,
    projectId: string,
    ua: string,
    release: () => void,
  ) {
    const conn: Connection = {
      serial: nextSerial++,
      ws,
      clientId: client.clientId,
      projectId,
      ua,
      ip,
      expiresAt: client.expiresAt * 1000,
      topics: new Set(),
      inflight: new Map(),
      inflightKeys: new Set(),
      recentAcks: new Set(),
      backlog: new Set(),
      congestedSince: undefined,
      pumping: false,
      pumpAgain: false,
      alive: true,
      queue: Promise.resolve(),
      queued: 0,
      timers: [],
    }
    ctx.hub.add(conn)
    ctx.log(
      `#${conn.serial} connected ${conn.clientId} ip=${ip} project=${printable(projectId)} ua=${printable(ua)}`,
    )
    // The JWT is only good until it expires: the socket is closed then (the SDK reconnects with a new one).
    const expiry = setTimeout(
      () => {
        ctx.stats.expiredSockets++
        ctx.log(`#${conn.serial} JWT expired: closed`)
        ws.close(CLOSE_JWT_EXPIRED, 'JWT expired')
        // A peer that does not complete the close handshake is cut off.
        const cut = setTimeout(() => ws.terminate(), 5000)
        cut.unref()
        conn.timers.push(cut)
      },
      Math.min(MAX_TIMER_MS, Math.max(0, conn.expiresAt - Date.now())),
    )
    conn.timers.push(expiry)
    ws.on('pong', () => {
      conn.alive = true
    })
    ws.on('message', (data, isBinary) => {
      conn.alive = true
      onFrame(ctx, conn, data, isBinary)
    })
    ws.on('close', (code: number) => {
      try {
        for (const t of conn.timers) clearTimeout(t)
        ctx.hub.remove(conn)
        conn.inflight.clear()
        conn.inflightKeys.clear()
        conn.backlog.clear()
        release()
        ctx.log(`#${conn.serial} closed (${code})`)
      } catch (error) {
        ctx.log(`#${conn.serial} clean-up failed: ${(error as Error).stack ?? error}`)
      }
    })
    ws.on('error', (error: Error) => ctx.log(`#${conn.serial} socket error: ${error.message}`))
  }

  return { onUpgrade }
}
