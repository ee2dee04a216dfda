import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { observeNodeRequest, refuseDevDefaults, type ServiceLog } from '@portico/ops'
import type { Hex } from 'viem'
import { ApiAnswerError, ordersApi } from './api.ts'
import { createDeliveries } from './delivery.ts'
import { onrampObservability } from './observability.ts'
import { messagePage, orderPage } from './page.ts'
import { createPayments } from './pay.ts'
import { onrampDevDefaults } from './production.ts'
import { createTreasury, type TreasuryChain } from './treasury.ts'

export interface OnrampOptions {
  /** PORTICO_ENV or NODE_ENV=production: start-up refuses every dev default (production.ts). */
  production?: boolean
  /** Bearer token GET /metrics requires (PORTICO_METRICS_TOKEN); without one open, not served in production. */
  metricsToken?: string
  host?: string
  /** 0 picks a free port. */
  port: number
  /** The blockchain API (services/api) that creates and records orders. */
  apiUrl: string
  /** The API's onramp.secret. */
  secret: string
  treasuryKey: Hex
  chains: TreasuryChain[]
  /** How long a payment waits for its delivery to be mined before answering "being delivered" (30 s). */
  receiptTimeoutMs?: number
  /** How often receipts are polled (250 ms). */
  pollingIntervalMs?: number
  /** How often broadcast deliveries are reconciled by hash (15 s); 0 turns the sweep off. */
  sweepIntervalMs?: number
  log?: (line: string) => void
  /** JSON log: one line per request. */
  accessLog?: ServiceLog
}

export interface OnrampServer {
  url: string
  treasury: `0x${string}`
  close(): Promise<void>
}

const STATIC: Record<string, { type: string; body: Buffer }> = Object.fromEntries(
  [
    ['/static/buy.js', 'buy.js', 'text/javascript; charset=utf-8'],
    ['/static/buy.css', 'buy.css', 'text/css; charset=utf-8'],
  ].map(([path, file, type]) => [
    path,
    {
      type: type as string,
      body: readFileSync(fileURLToPath(new URL(`../public/${file}`, import.meta.url))),
    },
  ]),
)

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}
const MAX_BODY = 4096
const PAY_PATH = /^\/api\/orders\/([A-Za-z0-9_-]{1,64})\/pay$/

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type })
  res.end(body)
}
const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body))
const html = (res: ServerResponse, status: number, body: string) =>
  send(res, status, 'text/html; charset=utf-8', body)

/** The body as text, or null past MAX_BODY (the rest is read and dropped, so the answer still arrives). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * The sandbox provider page on its own origin: GET /buy?order=<id> shows the order (read from the
 * API, never from the query string) and a card form; POST /api/orders/<id>/pay (same origin only)
 * pays it (pay.ts). Static assets under /static/; strict CSP, no inline script.
 */
export async function startOnramp(opts: OnrampOptions): Promise<OnrampServer> {
  if (opts.production) refuseDevDefaults('The on-ramp provider page', onrampDevDefaults(opts))
  const api = ordersApi(opts.apiUrl, opts.secret)
  const log = opts.log ?? (() => {})
  const treasury = createTreasury(opts.treasuryKey, opts.chains, {
    ...(opts.pollingIntervalMs !== undefined && { pollingIntervalMs: opts.pollingIntervalMs }),
  })
  const deliveries = createDeliveries(api, treasury, {
    receiptTimeoutMs: opts.receiptTimeoutMs ?? 30_000,
    log,
  })
  const pay = createPayments(api, deliveries)
  const observability = {
    ...onrampObservability(
      opts.apiUrl,
      opts.chains,
      { production: opts.production ?? false, token: opts.metricsToken },
      log,
    ),
    ...(opts.accessLog ? { accessLog: opts.accessLog } : {}),
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`onramp: ${req.method} ${req.url?.slice(0, 120)} failed: ${String(err).split('\n')[0]}`)
      if (res.headersSent) return res.destroy()
      const message =
        err instanceof ApiAnswerError
          ? 'The order service did not answer; try again shortly'
          : 'Something went wrong'
      if (req.method === 'GET') html(res, 502, messagePage('Provider unavailable', message))
      else json(res, 502, { message })
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if ((await observeNodeRequest(req, res, observability)).handled) return
    const url = new URL(req.url ?? '/', 'http://provider.invalid')
    const asset = STATIC[url.pathname]
    if (req.method === 'GET' && asset) return send(res, 200, asset.type, asset.body)
    if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { ok: true })
    if (req.method === 'GET' && url.pathname === '/buy') {
      const id = url.searchParams.get('order') ?? ''
      const order = /^[A-Za-z0-9_-]{24}$/.test(id) ? await api.get(id) : null
      if (!order) return html(res, 404, messagePage('Order not found', 'This order does not exist.'))
      // A broadcast delivery is looked up by hash, so the page tells where it stands now.
      const state = await deliveries.reconcile(order).catch((err: unknown) => {
        log(`onramp: reconciling order ${order.id} failed: ${String(err).split('\n')[0]}`)
        return null
      })
      if (state?.state === 'failed') return html(res, 200, orderPage(state.order, state.reason))
      return html(res, 200, orderPage(state?.order ?? order))
    }
    const payMatch = PAY_PATH.exec(url.pathname)
    if (payMatch && req.method === 'POST') {
      // Only this page may pay: a form or script on another origin is refused (CSRF).
      if (req.headers.origin !== `http://${req.headers.host}`)
        return json(res, 403, { message: 'Payments are taken from this page only' })
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
        return json(res, 415, { message: 'Send the card as JSON' })
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
        res.setHeader('connection', 'close')
        return json(res, 413, { message: 'The request is too large' })
      }
      const raw = await readBody(req)
      if (raw === null) return json(res, 413, { message: 'The request is too large' })
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        return json(res, 400, { message: 'The request is not valid JSON' })
      }
      const result = await pay(payMatch[1] ?? '', body)
      return json(res, result.status, result.body)
    }
    return html(res, 404, messagePage('Not found', 'There is nothing here.'))
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const host = opts.host ?? '127.0.0.1'
  // Deliveries still unmined when a payment answered (or when this process last stopped) are followed
  // by hash until they complete; one sweep at a time.
  let sweeping = false
  const sweep = () => {
    if (sweeping) return
    sweeping = true
    deliveries
      .sweep()
      .catch((err: unknown) => log(`onramp: delivery sweep failed: ${String(err).split('\n')[0]}`))
      .finally(() => {
        sweeping = false
      })
  }
  const sweepMs = opts.sweepIntervalMs ?? 15_000
  const timer = sweepMs > 0 ? setInterval(sweep, sweepMs) : undefined
  timer?.unref()
  if (timer) sweep()
  return {
    url: `http://${host}:${port}`,
    treasury: treasury.address,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer)
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
