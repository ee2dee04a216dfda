import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES } from './directoryFile.ts'
import { fetchDirectory } from './upstream.ts'

let server: Server
let base: string
let iconAsked = false
const chunk = Buffer.alloc(1024 * 1024, 0x20)

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/endless') {
      // Chunked, no length: it never ends unless the reader stops.
      res.writeHead(200, { 'content-type': 'application/json' })
      const pump = () => {
        while (res.write(chunk)) {}
      }
      res.on('drain', pump)
      pump()
      req.on('close', () => res.destroy())
    } else if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(MAX_FILE_BYTES + 1) })
      res.write('[')
    } else if (req.url === '/redirect') {
      res.writeHead(302, { location: '/ok' }).end()
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('[]'), 5_000).unref()
    } else if (req.url === '/with-icon-url') {
      res.end(JSON.stringify([{ id: 'w', name: 'W', chains: ['eip155:1'], image: `${base}/icon.png` }]))
    } else if (req.url === '/icon.png') {
      iconAsked = true
      res.writeHead(404).end()
    } else if (req.url === '/down') {
      res.writeHead(503).end('no')
    } else res.end(JSON.stringify([{ id: 'w', name: 'W', chains: ['eip155:1'] }]))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('an upstream directory answer', () => {
  it('is read when it is a listing of acceptable size', async () => {
    expect((await fetchDirectory(`${base}/ok`, 5_000)).wallets).toHaveLength(1)
  })

  it('is cut off past the size limit, endless or declared', async () => {
    await expect(fetchDirectory(`${base}/endless`, 60_000)).rejects.toThrow(
      `answer larger than ${MAX_FILE_BYTES} bytes`,
    )
    await expect(fetchDirectory(`${base}/declared`, 5_000)).rejects.toThrow(
      `answer larger than ${MAX_FILE_BYTES} bytes`,
    )
  }, 70_000)

  it('is refused when it redirects, is slow or answers an error', async () => {
    await expect(fetchDirectory(`${base}/redirect`, 5_000)).rejects.toThrow()
    await expect(fetchDirectory(`${base}/slow`, 200)).rejects.toThrow(/timeout|aborted/i)
    await expect(fetchDirectory(`${base}/down`, 5_000)).rejects.toThrow('upstream answered HTTP 503')
  })

  it("never makes the API fetch the listing's image URLs: dropped with a report line", async () => {
    const file = await fetchDirectory(`${base}/with-icon-url`, 5_000)
    expect(file.wallets.map((w) => [w.id, w.image_id])).toEqual([['w', '']])
    expect(file.report).toEqual([
      'entry 1 (w): image dropped: image URLs are fetched only by directory:import',
    ])
    expect(file.imageUrls).toEqual([])
    expect(iconAsked).toBe(false)
  })
})
