import type { FastifyInstance } from 'fastify'

/**
 * fastify's close() closes the connections idle at that moment only: a keep-alive connection whose
 * request is still being answered stays open after its answer for keepAliveTimeout (72 s), and close()
 * waits for it (fastify/fastify#7044; a browser polling the service is such a client). Call the returned
 * function just before close(): from then on answers say `connection: close` and a connection whose
 * answer went out is closed at once.
 */
export function drainOnClose(app: FastifyInstance): () => void {
  let draining = false
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) void reply.header('connection', 'close')
    return payload
  })
  app.addHook('onResponse', async (_req, reply) => {
    if (draining) reply.server.server.closeIdleConnections()
  })
  return () => {
    draining = true
  }
}
