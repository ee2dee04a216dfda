/** Test only: a real local HTTP server whose answers each test scripts, recording what it received. */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
}

export interface Reply {
  status?: number
  headers?: Record<string, string>
  /** Sent as JSON unless it is a string, which is sent as-is. */
  body?: unknown
  /** Wait before sending anything. */
  delayMs?: number
  /** Send the head and part of the body, then stall this long. */
  stallBodyMs?: number
  /** Drop the connection without answering. */
  destroy?: boolean
}

export interface TestServer {
  url: string
  requests: RecordedRequest[]
  /** Answers for `METHOD /path`, used in order; the last one repeats. */
  on(route: string, ...replies: Reply[]): void
  close(): Promise<void>
}

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Reply[]>()
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      })
      const queue = routes.get(`${req.method} ${url.pathname}`)
      const reply: Reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
        status: 404,
        body: {},
      }
      if (reply.delayMs) await wait(reply.delayMs)
      if (reply.destroy) return req.socket.destroy()
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null)
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers })
      if (reply.stallBodyMs) {
        res.write(text.slice(0, 1))
        await wait(reply.stallBodyMs)
      }
      res.end(reply.stallBodyMs ? text.slice(1) : text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (route, ...replies) => routes.set(route, replies),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
