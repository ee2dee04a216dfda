import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import compression from 'compression'
import sirv from 'sirv'
import { cspNonce, stampNonce } from './demoCsp.ts'

export interface Mount {
  /** URL prefix, e.g. `/` or `/plugins`. */
  prefix: string
  dir: string
  /**
   * The mount's pages are served under this Content-Security-Policy, built per response for its query
   * and a fresh nonce, which every script and style element of the page carries.
   */
  contentSecurityPolicy?: (search: string, nonce: string) => string
}

export interface StaticServerOptions {
  host: string
  port: number
  mounts: Mount[]
  /** Extra single files by URL path. */
  files?: Record<string, string>
  /** HTML inserted before </head> of every served .html page (runtime configuration of the demo). */
  injectHead?: string
  /** Cross-origin reads (federated remotes are fetched from another origin). */
  cors?: boolean
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/** Serves built files gzip-compressed, as a CDN would; SPA fallback to index.html per mount. */
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const gzip = compression({ threshold: 0 })
  const handlers = options.mounts
    .map((mount) => ({ ...mount, serve: sirv(mount.dir, { dev: true, single: true, etag: true }) }))
    .sort((a, b) => b.prefix.length - a.prefix.length)

  const server = http.createServer((req, res) => {
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*')
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    }
    gzip(req as never, res as never, () => {
      const url = new URL(req.url ?? '/', 'http://local')
      const file = options.files?.[url.pathname]
      if (file) {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        res.end(readFileSync(file))
        return
      }
      const mount = handlers.find((candidate) => url.pathname.startsWith(candidate.prefix))
      if (!mount) {
        res.statusCode = 404
        res.end('Not found')
        return
      }
      const rest = url.pathname.slice(mount.prefix.length).replace(/^\/?/, '/')
      const rendered = options.injectHead !== undefined || mount.contentSecurityPolicy !== undefined
      if (rendered && (rest === '/' || rest.endsWith('.html') || !path.extname(rest))) {
        const html = readHtml(mount.dir, rest)
        if (html !== undefined) {
          const page = html.replace('</head>', `${options.injectHead ?? ''}</head>`)
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.setHeader('Cache-Control', 'no-store')
          if (!mount.contentSecurityPolicy) {
            res.end(page)
            return
          }
          const nonce = cspNonce()
          res.setHeader('Content-Security-Policy', mount.contentSecurityPolicy(url.search, nonce))
          res.end(stampNonce(page, nonce))
          return
        }
      }
      req.url = rest + url.search
      mount.serve(req, res, () => {
        res.statusCode = 404
        res.end('Not found')
      })
    })
  })
  // With Node's default (5 s) the server closes an idle keep-alive socket that a Node client
  // (Playwright's route.fetch, undici) still holds as free: under CPU load the client's own idle timer
  // fires late, it writes its next request on the closed socket and reads ECONNRESET. A long server
  // timeout leaves closing idle sockets to the client; close() still ends every connection.
  server.keepAliveTimeout = 65_000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo
      const host = options.host === '127.0.0.1' ? '127.0.0.1' : 'localhost'
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}

function readHtml(dir: string, rest: string): string | undefined {
  const candidates = rest.endsWith('.html') ? [rest] : [path.join(rest, 'index.html'), '/index.html']
  for (const candidate of candidates) {
    try {
      return readFileSync(path.join(dir, candidate), 'utf8')
    } catch {}
  }
  return undefined
}
