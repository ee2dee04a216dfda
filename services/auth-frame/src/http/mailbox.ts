import type { FastifyInstance } from 'fastify'
import type { Services } from '../context.ts'
import type { MailRow } from '../db/store.ts'
import { escapeHtml, htmlHeaders, page } from './html.ts'

const MAX = 100

export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  createdAt: number
  /** The 6-digit code in the message, if any. */
  code?: string
  /** The first link in the message, if any (device approval). */
  link?: string
}

function view(row: MailRow): MailboxMessage {
  const code = /\b(\d{6})\b/.exec(row.body)?.[1]
  const link = /https?:\/\/[^\s<>"]+/.exec(row.body)?.[0]
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.body,
    createdAt: row.created_at,
    ...(code && { code }),
    ...(link && { link }),
  }
}

/**
 * The dev stack's mailbox (never on in production): GET /dev/mailbox?to=<email>&limit= → JSON
 * `{ messages }` newest first; GET /dev/mailbox.html → the same as a page.
 */
export function mailboxRoutes(app: FastifyInstance, svc: Services): void {
  const read = async (query: unknown) => {
    const q = (query ?? {}) as Record<string, unknown>
    const to = typeof q.to === 'string' && q.to.length <= 254 ? q.to.trim().toLowerCase() : undefined
    const limit = Math.min(MAX, Math.max(1, Number.parseInt(String(q.limit ?? MAX), 10) || MAX))
    return (await svc.store.mail(to || undefined, limit)).map(view)
  }
  app.get('/dev/mailbox', async (req, reply) =>
    reply.header('cache-control', 'no-store').send({ messages: await read(req.query) }),
  )
  app.get('/dev/mailbox.html', async (req, reply) => {
    const messages = await read(req.query)
    const items = messages
      .map((m) => {
        // Links are found in the raw text (a device link holds `&`) and every piece is escaped.
        let text = ''
        let at = 0
        for (const match of m.text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
          const url = escapeHtml(match[0])
          text += escapeHtml(m.text.slice(at, match.index))
          text += match[0].startsWith(`${svc.frameOrigin}/`) ? `<a href="${url}">${url}</a>` : url
          at = match.index + match[0].length
        }
        text += escapeHtml(m.text.slice(at))
        return `<li><article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · ${new Date(m.createdAt).toISOString()}</p><pre>${text}</pre></article></li>`
      })
      .join('')
    return reply
      .headers(htmlHeaders("default-src 'none'; frame-ancestors 'none'; base-uri 'none'"))
      .send(page('Dev mailbox', `<h1>Dev mailbox</h1>${items ? `<ol>${items}</ol>` : '<p>No messages.</p>'}`))
  })
}
