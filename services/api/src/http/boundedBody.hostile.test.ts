import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BodyTooLargeError, readBoundedText } from './boundedBody.ts'

const CAP = 1024 * 1024
let server: Server
let url: string

function endless(res: ServerResponse) {
  res.writeHead(200)
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  let open = true
  res.on('close', () => {
    open = false
  })
  const pump = () => {
    while (open && res.write(chunk)) {}
    if (open) res.once('drain', pump)
  }
  pump()
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/endless') return endless(res)
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(CAP + 1) })
      return res.end()
    }
    res.writeHead(200).end('{"ok":true,"text":"é"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('readBoundedText', () => {
  it('cancels an endless chunked body at the cap, quickly, without buffering it', async () => {
    const before = process.memoryUsage().rss
    const started = Date.now()
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}/endless`)
      await expect(readBoundedText(res, CAP)).rejects.toBeInstanceOf(BodyTooLargeError)
    }
    expect(Date.now() - started).toBeLessThan(5000)
    expect((process.memoryUsage().rss - before) / 2 ** 20).toBeLessThan(50)
  })

  it('refuses a declared Content-Length above the cap before reading', async () => {
    const res = await fetch(`${url}/declared`)
    await expect(readBoundedText(res, CAP)).rejects.toBeInstanceOf(BodyTooLargeError)
  })

  it('reads a body under the cap as UTF-8', async () => {
    expect(JSON.parse(await readBoundedText(await fetch(`${url}/small`), CAP))).toEqual({
      ok: true,
      text: 'é',
    })
  })
})
