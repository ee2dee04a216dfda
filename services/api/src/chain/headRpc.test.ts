import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createHeadRpc, type HeadRpc } from './headRpc.ts'

let server: Server | undefined
let rpc: HeadRpc | undefined
const seen: { path: string; body: string }[] = []

async function chain(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    seen.push({ path: req.url ?? '', body })
    answer(req, res)
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}
const json = (value: unknown) => (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))

afterEach(async () => {
  await rpc?.close()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  seen.length = 0
})

describe('head RPC', () => {
  it('posts eth_blockNumber to the URL’s path and query and reads the quantity', async () => {
    const url = await chain(json({ jsonrpc: '2.0', id: 1, result: '0x1f4' }))
    rpc = createHeadRpc(`${url}/rpc/v1?key=abc`, 5000)
    expect(await rpc.read()).toBe(500)
    expect(await rpc.read()).toBe(500)
    expect(seen[0]?.path).toBe('/rpc/v1?key=abc')
    expect(JSON.parse(seen[0]?.body ?? '')).toMatchObject({ method: 'eth_blockNumber', params: [] })
  })

  it('refuses answers that are not a block number, after one retry', async () => {
    const bad: unknown[] = [
      { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'node is syncing' } },
      { jsonrpc: '2.0', id: 1, result: 500 },
      { jsonrpc: '2.0', id: 1, result: '0x' },
      { jsonrpc: '2.0', id: 1, result: '0xzz' },
      { jsonrpc: '2.0', id: 1, result: `0x${'f'.repeat(40)}` },
      null,
    ]
    const messages = [
      /node is syncing/,
      /no block number/,
      /no block number/,
      /no block number/,
      /no block number/,
    ]
    for (const [i, answer] of bad.entries()) {
      const url = await chain(json(answer))
      rpc = createHeadRpc(url, 5000)
      await expect(rpc.read()).rejects.toThrow(messages[i] ?? /no block number/)
      expect(seen).toHaveLength(2)
      await rpc.close()
      server?.closeAllConnections()
      await new Promise((resolve) => server?.close(resolve))
      seen.length = 0
    }
  })

  it('refuses an HTTP error, a body that is not JSON and an oversized body', async () => {
    const answers = [
      (_req: IncomingMessage, res: ServerResponse) => res.writeHead(503).end('busy'),
      (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200).end('<html>'),
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(200).end(JSON.stringify({ result: '0x1', pad: 'x'.repeat(64 * 1024) })),
    ]
    const messages = [/HTTP 503/, /did not answer JSON/, /./]
    for (const [i, answer] of answers.entries()) {
      const url = await chain(answer)
      rpc = createHeadRpc(url, 5000)
      await expect(rpc.read()).rejects.toThrow(messages[i])
      await rpc.close()
      server?.closeAllConnections()
      await new Promise((resolve) => server?.close(resolve))
    }
  })

  it('gives up on a chain that never answers (timeout)', async () => {
    const url = await chain(() => {})
    rpc = createHeadRpc(url, 200)
    await expect(rpc.read()).rejects.toThrow()
  })

  it('takes http and https URLs only', () => {
    expect(() => createHeadRpc('ws://127.0.0.1:8545', 1000)).toThrow(/http or https/)
    expect(() => createHeadRpc('file:///etc/passwd', 1000)).toThrow(/http or https/)
  })
})
