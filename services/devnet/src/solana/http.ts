import type { IncomingMessage, ServerResponse } from 'node:http'
import type { OriginPolicy } from './cors.ts'
import { handleJsonRpc, type RpcHandler } from './jsonRpc.ts'

/** Larger than any transaction (1232 bytes) or sane batch; bigger bodies get 413. */
const MAX_BODY_BYTES = 5 * 1024 * 1024

/**
 * CORS for an allowed page: its own origin echoed (never `*`), so only the stack's pages read replies.
 */
function setCors(req: IncomingMessage, res: ServerResponse, origin: string): void {
  res.setHeader('access-control-allow-origin', origin)
  res.setHeader('vary', 'origin')
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'content-type, solana-client',
  )
  res.setHeader('access-control-max-age', '86400')
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(undefined)
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * POST = JSON-RPC (single or batch), GET /health = "ok" (as validators answer), OPTIONS = CORS preflight.
 * A page from an origin the policy does not allow is refused (403) before anything runs: CORS alone
 * would only hide the reply, and a "simple" POST from any site would still drive the chain.
 */
export function jsonRpcRequestHandler(methods: Record<string, RpcHandler>, origins: OriginPolicy) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = req.headers.origin
    if (!origins.allows(origin)) {
      res
        .writeHead(403, { 'content-type': 'text/plain', vary: 'origin' })
        .end(`Origin ${String(origin).slice(0, 100)} is not allowed to call this Solana node`)
      return
    }
    if (origin !== undefined) setCors(req, res, origin)
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    if (req.method === 'GET' && req.url?.split('?')[0] === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (req.method !== 'POST') {
      res
        .writeHead(405, { allow: 'POST, GET, OPTIONS', 'content-type': 'text/plain' })
        .end('Use POST for JSON-RPC')
      return
    }
    let body: string | undefined
    try {
      body = await readBody(req)
    } catch {
      return // the client went away
    }
    if (body === undefined) {
      res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }).end('Request body too large')
      return
    }
    const reply = handleJsonRpc(body, methods)
    if (reply === undefined) res.writeHead(204).end()
    else res.writeHead(200, { 'content-type': 'application/json' }).end(reply)
  }
}
