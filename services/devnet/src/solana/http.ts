import type { IncomingMessage, ServerResponse } from 'node:http'
import { handleJsonRpc, type RpcHandler } from './json-rpc.ts'

/** Larger than any transaction (1232 bytes) or sane batch; bigger bodies get 413. */
const MAX_BODY_BYTES = 5 * 1024 * 1024

/** Open to every origin: the demo and Playwright pages call the node straight from the browser. */
function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*')
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

/** POST = JSON-RPC (single or batch), GET /health = "ok" (as validators answer), OPTIONS = CORS preflight. */
export function jsonRpcRequestHandler(methods: Record<string, RpcHandler>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    setCors(req, res)
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
