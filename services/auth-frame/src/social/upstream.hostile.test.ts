/** A provider answering without end, or not at all: the read stops at the byte cap and the time limit. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BodyTooLargeError } from '@portico/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedFetch, MAX_UPSTREAM_BYTES, UPSTREAM_TIMEOUT_MS } from './upstream.ts'

let server: Server
let base: string
let sent = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/endless') {
      // Chunked, no Content-Length: only counting while reading can stop it.
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(16 * 1024, 0x20)
      const pump = () => {
        while (!res.destroyed && sent < 4 * 1024 * 1024) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('close', () => res.destroy())
      return pump()
    }
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(MAX_UPSTREAM_BYTES + 1) })
      return res.end(Buffer.alloc(MAX_UPSTREAM_BYTES + 1))
    }
    if (req.url === '/silent') return // never answers
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(resolve))
})

describe('boundedFetch', () => {
  it('reads a normal answer (control)', async () => {
    expect(await (await boundedFetch(`${base}/ok`)).json()).toEqual({ ok: true })
  })

  it('stops reading an endless answer past the cap', async () => {
    // 4 MB (60 times the cap) stands in for endless: without the counting read it arrives whole.
    await expect(boundedFetch(`${base}/endless`)).rejects.toBeInstanceOf(BodyTooLargeError)
  })

  it('refuses a declared length past the cap before reading', async () => {
    await expect(boundedFetch(`${base}/declared`)).rejects.toBeInstanceOf(BodyTooLargeError)
  })

  it('gives up on a provider that never answers (behaviour §9: 30 s for social calls)', async () => {
    expect(UPSTREAM_TIMEOUT_MS).toBe(30_000)
    await expect(boundedFetch(`${base}/silent`, {}, MAX_UPSTREAM_BYTES, 200)).rejects.toMatchObject({
      name: 'TimeoutError',
    })
  })
})
