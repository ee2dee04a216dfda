import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDirectoryFile } from './directoryFile.ts'
import { fetchListedImages } from './listedImages.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAIBoebhswAAAABJRU5ErkJggg==',
  'base64',
)
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>'
/** Paths asked for, in order. */
const asked: string[] = []
let inFlight = 0
let mostInFlight = 0
const server = createServer((req, res) => {
  asked.push(req.url ?? '')
  if (req.url?.startsWith('/slow/')) {
    mostInFlight = Math.max(mostInFlight, ++inFlight)
    setTimeout(() => {
      inFlight--
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    }, 100)
  } else if (req.url?.endsWith('.png')) res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
  else if (req.url?.endsWith('.svg'))
    res.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' }).end(SVG)
  else res.writeHead(404).end()
})
let base = ''
const test = { allowLoopback: true, timeoutMs: 2000 }

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const listing = (entries: Record<string, unknown>[]) =>
  readDirectoryFile(
    Buffer.from(JSON.stringify(entries.map((e, i) => ({ id: `w${i + 1}`, name: `W${i + 1}`, ...e })))),
  )

describe('icons a listing gives by URL', () => {
  it('takes md first, then sm, then lg; image as a URL too; each URL fetched once', async () => {
    asked.length = 0
    const file = listing([
      { image_url: { sm: `${base}/sm.png`, md: `${base}/md.svg`, lg: `${base}/lg.png` } },
      { image_url: { sm: `${base}/sm.png`, md: `${base}/missing`, lg: `${base}/lg.png` } },
      { image: `${base}/plain.png` },
      { image_url: { md: `${base}/md.svg` } },
    ])
    expect(file.wallets.map((w) => w.image_id)).toEqual(['', '', '', ''])
    await fetchListedImages(file, test)
    const types = Object.fromEntries(file.images.map((i) => [i.id, i.contentType]))
    expect(file.wallets.map((w) => types[w.image_id])).toEqual([
      'image/svg+xml',
      'image/png',
      'image/png',
      'image/svg+xml',
    ])
    expect(file.images).toHaveLength(2)
    expect(file.report).toEqual([])
    expect(asked.filter((path) => path === '/md.svg')).toHaveLength(1)
    expect(asked).not.toContain('/lg.png')
  })

  it('keeps the wallet and reports why when no URL gives an image', async () => {
    const file = listing([
      {
        image_url: {
          md: `${base}/gone`,
          sm: 'ftp://old.example/icon.png',
          lg: 'https://user:secret@cdn.example/icon.png',
        },
      },
      {},
    ])
    await fetchListedImages(file, test)
    expect(file.wallets.map((w) => [w.id, w.image_id])).toEqual([
      ['w1', ''],
      ['w2', ''],
    ])
    expect(file.report).toEqual([
      `entry 1 (w1): image dropped: md ${base}/gone: HTTP 404; sm ftp://old.example/icon.png: not https (ftp:); lg https://***@cdn.example/icon.png: a URL with credentials`,
    ])
  })

  it('fetches at most maxFetches images in one import', async () => {
    const file = listing([{ image: `${base}/a.png` }, { image: `${base}/b.png` }, { image: `${base}/c.png` }])
    await fetchListedImages(file, { ...test, maxFetches: 2, concurrency: 1 })
    expect(file.wallets.map((w) => w.image_id !== '')).toEqual([true, true, false])
    expect(file.report).toEqual([
      `entry 3 (w3): image dropped: image ${base}/c.png: not fetched: one import fetches at most 2 images`,
    ])
  })

  it('has at most `concurrency` fetches in flight', async () => {
    mostInFlight = 0
    const file = listing(Array.from({ length: 6 }, (_, i) => ({ image: `${base}/slow/${i}.png` })))
    await fetchListedImages(file, { ...test, concurrency: 2 })
    expect(file.wallets.every((w) => w.image_id !== '')).toBe(true)
    expect(mostInFlight).toBe(2)
  })
})
