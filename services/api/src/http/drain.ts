import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** How long a closing server waits for the requests it is answering before it cuts their connections. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000

export interface DrainOptions {
  graceMs?: number
}

/**
 * Returns the server's close: graceful, then bounded. fastify's close() waits for every open connection
 * and closes only those Node counts as idle. Node does not count a connection that has not sent a
 * request yet (a browser opens such spare sockets ahead of need and may keep them for minutes), nor a
 * keep-alive connection until its answer is out (then it would wait keepAliveTimeout, 72 s;
 * fastify/fastify#7044), nor one whose handler never ends. So on close: connections without a request
 * being answered are closed at once; answers from then on say `connection: close` and their connection
 * closes when they are out; what is still open after the grace period is logged by request and cut.
 * A stop (a deploy, a test stopping its service) never hangs on a client.
 */
export function drainOnClose(app: FastifyInstance, options: DrainOptions = {}): () => Promise<void> {
  const graceMs = options.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS
  let draining = false
  const connections = new Set<Socket>()
  const inFlight = new Map<FastifyRequest, Socket>()
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  app.addHook('onRequest', async (req) => {
    inFlight.set(req, req.raw.socket)
  })
  app.addHook('onRequestAbort', async (req) => {
    inFlight.delete(req)
  })
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) void reply.header('connection', 'close')
    return payload
  })
  app.addHook('onResponse', async (req, reply) => {
    inFlight.delete(req)
    if (draining) reply.server.server.closeIdleConnections()
  })
  const closeUnused = () => {
    const busy = new Set(inFlight.values())
    for (const socket of connections) if (!busy.has(socket)) socket.destroy()
  }
  let closing: Promise<void> | undefined
  return () => {
    closing ??= (async () => {
      draining = true
      closeUnused()
      const closed = app.close()
      let timer: NodeJS.Timeout | undefined
      const late = await Promise.race([
        closed.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), graceMs)
        }),
      ])
      clearTimeout(timer)
      if (late) {
        const requests = [...inFlight.keys()]
          .slice(0, 10)
          .map((req) => `${req.method} ${req.routeOptions.url ?? '?'}`)
        app.log.warn(
          { connections: connections.size, requests },
          `shutdown: connections still open after ${graceMs} ms; closing them`,
        )
        app.server.closeAllConnections()
      }
      await closed
    })()
    return closing
  }
}
