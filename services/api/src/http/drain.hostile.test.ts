/**
 * A stopping server never waits on its clients: not on a keep-alive connection, not on a client that
 * never finishes its request, not on a handler that never answers. Each is cut after the grace period.
 */
import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { drainOnClose } from './drain.ts'

const GRACE_MS = 300
let app: FastifyInstance
let sockets: Socket[] = []
const warnings: string[] = []

async function start(): Promise<{ port: number; close: () => Promise<void> }> {
  warnings.length = 0
  app = Fastify({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void warnings.push(line) },
    },
  })
  const close = drainOnClose(app, { graceMs: GRACE_MS })
  app.get('/fast', async () => ({ ok: true }))
  let release: () => void = () => {}
  app.get('/slow', () => new Promise((resolve) => (release = () => resolve({ ok: true }))))
  app.get('/never', () => new Promise(() => {}))
  app.addHook('preClose', async () => release())
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  return { port: typeof address === 'object' && address ? address.port : 0, close }
}

afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets = []
  app?.server.closeAllConnections()
})

const timed = async (work: Promise<unknown>) => {
  const started = performance.now()
  await work
  return performance.now() - started
}

describe('drainOnClose', () => {
  it('a keep-alive connection that was answered does not hold the close', async () => {
    const { port, close } = await start()
    const agent = new Agent({ keepAlive: true })
    await new Promise<void>((resolve, reject) =>
      request({ port, path: '/fast', agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end(),
    )
    expect(await timed(close())).toBeLessThan(GRACE_MS)
    agent.destroy()
  })

  it("a connection that never sent a request (a browser's spare socket) is closed at once", async () => {
    const { port, close } = await start()
    const socket = connect(port, '127.0.0.1')
    sockets.push(socket)
    await new Promise((resolve) => socket.once('connect', resolve))
    const ended = new Promise((resolve) => socket.once('close', resolve))
    expect(await timed(close())).toBeLessThan(GRACE_MS)
    await ended
  })

  it('a client that never finishes its request is closed at once: nothing of it was handled', async () => {
    const { port, close } = await start()
    const socket = connect(port, '127.0.0.1')
    sockets.push(socket)
    await new Promise((resolve) => socket.once('connect', resolve))
    // Headers without their end: the server waits for the rest (headersTimeout, 60 s by default).
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const ended = new Promise((resolve) => socket.once('close', resolve))
    expect(await timed(close())).toBeLessThan(GRACE_MS)
    await ended
  })

  it('a handler that never answers is cut after the grace period; the log names its request', async () => {
    const { port, close } = await start()
    const failed = new Promise<string>((resolve) =>
      request({ port, path: '/never?secret=1' }, () => resolve('answered'))
        .on('error', (err) => resolve(err.message))
        .end(),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const elapsed = await timed(close())
    expect(elapsed).toBeGreaterThanOrEqual(GRACE_MS - 20)
    expect(elapsed).toBeLessThan(GRACE_MS + 2_000)
    expect(await failed).toMatch(/socket hang up|ECONNRESET/)
    const log = warnings.join('\n')
    expect(log).toContain('GET /never')
    expect(log).not.toContain('secret')
  })

  it('a request answered while closing gets connection: close and does not hold the close', async () => {
    const { port, close } = await start()
    const agent = new Agent({ keepAlive: true })
    const answered = new Promise<string | undefined>((resolve, reject) =>
      request({ port, path: '/slow', agent }, (res) => {
        res.resume().on('end', () => resolve(res.headers.connection))
      })
        .on('error', reject)
        .end(),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    // preClose releases /slow: its answer goes out while the server drains.
    expect(await timed(close())).toBeLessThan(GRACE_MS)
    expect(await answered).toBe('close')
    agent.destroy()
  })
})
