import { Agent, createServer, request as httpRequest, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, PROJECT, signIn, startTestFrame, uniqueEmail } from './helpers.ts'

// A chain whose node answers 400 ms late: a read is still being answered when close() is called.
let slowNode: Server
let slowUrl: string
beforeAll(async () => {
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
})

describe('close()', () => {
  it('answers a request in flight, then closes its keep-alive connection instead of waiting 72 s for it', async () => {
    const frame = await startTestFrame({ chains: [{ chainId: 31337, rpcUrl: slowUrl }] })
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const agent = new Agent({ keepAlive: true })
    try {
      const body = JSON.stringify({
        type: 'RPC_REQUEST',
        payload: { method: 'eth_blockNumber' },
        projectId: PROJECT,
        parentOrigin: APP_ORIGIN,
      })
      const answer = new Promise<string | undefined>((resolve, reject) => {
        httpRequest(
          `${frame.server.url}/api/frame`,
          {
            method: 'POST',
            agent,
            headers: {
              origin: frame.server.url,
              'content-type': 'application/json',
              'x-portico-device': device.secret,
              authorization: `Bearer ${device.token}`,
            },
          },
          (res) => {
            res.resume()
            res.on('end', () => resolve(res.headers.connection))
          },
        )
          .on('error', reject)
          .end(body)
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
      const started = Date.now()
      await frame.server.close()
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(await answer).toBe('close')
    } finally {
      agent.destroy()
      await frame.close()
    }
  }, 20_000)
})
