import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchWalletImage, IMAGE_FETCH_DEFAULTS, type ImageFetchOptions, imageAgent } from './imageFetch.ts'
import { MAX_IMAGE_BYTES } from './walletImage.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAIBoebhswAAAABJRU5ErkJggg==',
  'base64',
)
/** Bytes the endless route sent before its client went away. */
let endlessSent = 0
let endlessClosed: Promise<void> = Promise.resolve()

const routes: Record<string, (res: ServerResponse) => void> = {
  '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
  '/endless.png': (res) => {
    endlessSent = 0
    res.writeHead(200, { 'content-type': 'image/png' })
    const chunk = Buffer.concat([PNG, Buffer.alloc(16 * 1024 - PNG.length)])
    endlessClosed = new Promise((resolve) => res.on('close', resolve))
    const write = () => {
      while (!res.destroyed && res.write(chunk)) endlessSent += chunk.length
      if (!res.destroyed) res.once('drain', write)
    }
    write()
  },
  '/trickle.png': (res) => {
    res.writeHead(200, { 'content-type': 'image/png' })
    const timer = setInterval(() => res.write(PNG.subarray(0, 1)), 50)
    res.on('close', () => clearInterval(timer))
  },
  '/to-metadata': (res) => res.writeHead(302, { location: 'https://169.254.169.254/latest/icon.png' }).end(),
  '/to-private': (res) => res.writeHead(301, { location: 'https://10.0.0.7/icon.png' }).end(),
  '/to-internal-name': (res) => res.writeHead(307, { location: 'https://cdn.wallet.test/icon.png' }).end(),
  '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
  '/script.svg': (res) =>
    res
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/steal")</script></svg>'),
  '/page.png': (res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(document.domain)</script>'),
}

const server = createServer((req, res) => {
  const route = routes[req.url ?? '']
  if (route) route(res)
  else res.writeHead(404).end()
})
let base = ''
let options: ImageFetchOptions

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  options = {
    ...IMAGE_FETCH_DEFAULTS,
    timeoutMs: 1000,
    allowLoopback: true,
    // The listing's name for a server inside the network: what a DNS answer could say.
    resolveAll: async (name) =>
      name === 'cdn.wallet.test'
        ? [{ address: '10.255.255.20', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }],
  }
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function fetchOne(path: string, extra: Partial<ImageFetchOptions> = {}) {
  const dispatcher = imageAgent({ ...options, ...extra })
  try {
    return await fetchWalletImage(`${base}${path}`, dispatcher, { ...options, ...extra })
  } finally {
    await dispatcher.destroy()
  }
}

describe('a wallet image a listing names by URL (hostile servers)', () => {
  it('fetches a good PNG from the test server', async () => {
    expect(await fetchOne('/icon.png')).toMatchObject({ contentType: 'image/png', body: PNG })
  })

  it('cuts an endless body while reading it: at most MAX_IMAGE_BYTES kept, the connection closed', async () => {
    const started = Date.now()
    expect(await fetchOne('/endless.png', { timeoutMs: 10_000 })).toEqual({
      problem: `image larger than ${MAX_IMAGE_BYTES} bytes`,
    })
    await endlessClosed
    expect(Date.now() - started).toBeLessThan(5000)
    // What the server got into the socket before it closed: the cap plus socket buffers, not more.
    expect(endlessSent).toBeLessThan(MAX_IMAGE_BYTES + 8 * 1024 * 1024)
  })

  it('times out a server that trickles its body, whatever each byte resets', async () => {
    const started = Date.now()
    expect(await fetchOne('/trickle.png', { timeoutMs: 400 })).toEqual({ problem: 'timed out after 400 ms' })
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it.each([
    ['/to-metadata', '169.254.169.254 is a private or local address'],
    ['/to-private', '10.0.0.7 is a private or local address'],
    ['/to-internal-name', 'cdn.wallet.test is a private or local address (10.255.255.20)'],
  ])('refuses a redirect into the private network: %s', async (path, problem) => {
    const result = await fetchOne(path)
    expect(result).toHaveProperty('problem')
    expect((result as { problem: string }).problem).toMatch(
      new RegExp(`^${problem.replace(/[.()]/g, '\\$&')}`),
    )
  })

  it('follows at most maxRedirects redirects', async () => {
    expect(await fetchOne('/loop')).toEqual({ problem: 'more than 3 redirects' })
  })

  it('refuses this machine and plain http outside tests', async () => {
    const port = new URL(base).port
    const strict = { allowLoopback: false }
    expect(await fetchOne('/icon.png', strict)).toEqual({ problem: 'not https (http:)' })
    const dispatcher = imageAgent({ ...options, ...strict })
    try {
      expect(
        await fetchWalletImage(`https://127.0.0.1:${port}/icon.png`, dispatcher, { ...options, ...strict }),
      ).toEqual({ problem: '127.0.0.1 is a private or local address' })
      expect(
        await fetchWalletImage(`https://[::ffff:7f00:1]:${port}/icon.png`, dispatcher, {
          ...options,
          ...strict,
        }),
      ).toEqual({ problem: '::ffff:7f00:1 is a private or local address' })
    } finally {
      await dispatcher.destroy()
    }
  })

  it('refuses an SVG that runs script', async () => {
    expect(await fetchOne('/script.svg')).toEqual({
      problem: 'SVG image holds script, links, styles or entities',
    })
  })

  it('refuses HTML served as image/png', async () => {
    expect(await fetchOne('/page.png')).toEqual({ problem: 'image bytes are not image/png' })
  })
})
