/** Request helpers for the IdP's own routes: bounded bodies, JSON and form parsing. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HTML_HEADERS } from './html.ts'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const MAX_BODY = 8 * 1024

export async function readBody(req: IncomingMessage, limit = MAX_BODY): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new HttpError(413, 'Request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A form or JSON body as string fields (other value types are dropped). */
export async function readFields(req: IncomingMessage): Promise<Record<string, string>> {
  const text = await readBody(req)
  const type = req.headers['content-type'] ?? ''
  const fields: Record<string, string> = Object.create(null)
  if (type.startsWith('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new HttpError(400, 'Invalid JSON body')
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new HttpError(400, 'Expected a JSON object')
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') fields[key] = value
      else if (typeof value === 'number' && Number.isFinite(value)) fields[key] = String(value)
    }
    return fields
  }
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value
  return fields
}

/** Sends JSON; returns true (handled) so a route can `return sendJson(…)`. */
export function sendJson(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
  return true
}

export function sendHtml(res: ServerResponse, status: number, html: string): true {
  res.writeHead(status, HTML_HEADERS)
  res.end(html)
  return true
}
