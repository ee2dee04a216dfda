import { Agent, createServer, request as httpRequest, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { tempDir } from './helpers.ts'

// A chain whose node answers every call 400 ms late, so a request is still being answered when close()
// is called (a browser polling the API while a test stops it).
let slowNode: Server
let slowUrl: string
let dir: ReturnType<typeof tempDir>

beforeAll(async () => {
  dir = tempDir('portico-api-close-')
  slowNode = createServer(async (req, res) => {
    for await (const _ of req) {
      // drained
    }
    setTimeout(() => res.writeHead(500, { 'content-type': 'application/json' }).end('{}'), 400)
  })
  await new Promise<void>((resolve) => slowNode.listen(0, '127.0.0.1', resolve))
  const address = slowNode.address()
  slowUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterAll(async () => {
  slowNode?.closeAllConnections()
  await new Promise((resolve) => slowNode?.close(resolve))
  dir?.remove()
})

function getKeepAlive(
  url: string,
  agent: Agent,
): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
    })
      .on('error', reject)
      .end()
  })
}

describe('close()', () => {
  it('answers a request in flight, then closes its keep-alive connection instead of waiting for it', async () => {
    const api: ApiServer = await startApi({
      port: 0,
      chains: [{ chainId: 31337, rpcUrl: slowUrl }],
      database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
      projectIds: ['p'],
      indexer: { enabled: false },
      logLevel: 'silent',
    })
    const agent = new Agent({ keepAlive: true })
    try {
      const answer = getKeepAlive(`${api.url}/v1/convert/gas-price?projectId=p&chainId=eip155:31337`, agent)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const started = Date.now()
      await api.close()
      // Before the fix close() waited out fastify's keepAliveTimeout (72 s) for the client's connection.
      expect(Date.now() - started).toBeLessThan(5_000)
      const { status, connection } = await answer
      expect(status).toBeGreaterThanOrEqual(400)
      expect(connection).toBe('close')
    } finally {
      agent.destroy()
      await api.close()
    }
  }, 20_000)
})
