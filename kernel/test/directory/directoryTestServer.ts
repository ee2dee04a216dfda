/** Test only: a wallet directory over real local HTTP, answering from a list, recording every call. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WalletDirectoryEntry } from '@portico/shared-types'

export interface DirectoryTestServer {
  url: string
  /** Every request's URL (path and query), in order. */
  requests: URL[]
  /** Bodies of POST /e. */
  events: unknown[]
  /** Answer `path` with this status (and a JSON error) until cleared with undefined. */
  fail(path: string, status: number | undefined, when?: (query: URLSearchParams) => boolean): void
  /** Delay for every answer. */
  delayMs: number
  close(): Promise<void>
}

/** `count` wallets named "Wallet 001"…, on eip155:1 and eip155:31337, with image ids. */
export function testWallets(count: number, extra: WalletDirectoryEntry[] = []): WalletDirectoryEntry[] {
  const generated = Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0')
    return {
      id: `w${n}`,
      name: `Wallet ${n}`,
      image_id: `img-${n}`,
      rdns: null,
      mobile_link: `wallet${n}://`,
      desktop_link: null,
      webapp_link: null,
      chains: ['eip155:1', 'eip155:31337'],
    }
  })
  return [...extra, ...generated]
}

export async function startDirectoryServer(wallets: WalletDirectoryEntry[]): Promise<DirectoryTestServer> {
  const requests: URL[] = []
  const events: unknown[] = []
  const failures = new Map<string, { status: number; when?: (query: URLSearchParams) => boolean }>()
  const state = { delayMs: 0 }
  const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : undefined)
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      requests.push(url)
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        res.end(JSON.stringify(payload))
      }
      const failure = failures.get(url.pathname)
      if (failure && (!failure.when || failure.when(url.searchParams)))
        return send(failure.status, { message: `failing ${url.pathname}` })
      const q = url.searchParams
      if (url.pathname === '/getWallets') {
        const include = list(q.get('include'))
        const exclude = new Set(list(q.get('exclude')))
        const chains = list(q.get('chains'))
        const search = q.get('search')?.toLowerCase()
        const matching = wallets.filter(
          (w) =>
            (!include || include.includes(w.id)) &&
            !exclude.has(w.id) &&
            (!chains || (w.chains ?? []).some((c) => chains.includes(c))) &&
            (!search || w.name.toLowerCase().includes(search)),
        )
        const page = Number(q.get('page') ?? 1)
        const entries = Number(q.get('entries') ?? 40)
        return send(200, {
          data: matching.slice((page - 1) * entries, page * entries),
          count: matching.length,
        })
      }
      if (url.pathname === '/getAnalyticsConfig') return send(200, { isAnalyticsEnabled: true })
      if (url.pathname === '/e' && req.method === 'POST') {
        events.push(JSON.parse(body))
        return send(202, { stored: true })
      }
      send(404, { message: 'no route' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    events,
    fail(path, status, when) {
      if (status === undefined) failures.delete(path)
      else failures.set(path, { status, ...(when ? { when } : {}) })
    },
    get delayMs() {
      return state.delayMs
    },
    set delayMs(ms: number) {
      state.delayMs = ms
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
