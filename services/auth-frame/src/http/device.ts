import type { FastifyInstance } from 'fastify'
import type { Services } from '../context.ts'
import { FrameError } from '../errors.ts'
import { approveDevice } from '../handlers/emailLogin.ts'
import { escapeHtml, htmlHeaders, page } from './html.ts'

const CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
const ID = /^[0-9a-f-]{36}$/
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/**
 * The device link of a VERIFY_DEVICE mail. GET shows an "Approve this device" button (so a mail
 * scanner fetching the link approves nothing); its POST approves the device and mails the login code.
 */
export function deviceRoutes(app: FastifyInstance, svc: Services): void {
  app.get('/device/approve', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>
    const valid =
      typeof q.flow === 'string' && ID.test(q.flow) && typeof q.token === 'string' && TOKEN.test(q.token)
    const body = valid
      ? `<h1>Approve this device?</h1><p>Someone asked to sign in to your wallet from a new device.</p><form method="post" action="/device/approve"><input type="hidden" name="flow" value="${escapeHtml(q.flow as string)}"><input type="hidden" name="token" value="${escapeHtml(q.token as string)}"><button type="submit">Approve this device</button></form>`
      : '<h1>This link is invalid or has expired</h1>'
    return reply
      .code(valid ? 200 : 400)
      .headers(htmlHeaders(CSP))
      .send(page('Approve device', body))
  })

  app.post('/device/approve', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, unknown>
    let ok: boolean
    try {
      ok =
        typeof form.flow === 'string' &&
        ID.test(form.flow) &&
        typeof form.token === 'string' &&
        TOKEN.test(form.token) &&
        (await approveDevice(svc, form.flow, form.token))
    } catch (error) {
      if (!(error instanceof FrameError)) throw error
      // The code could not be mailed: nothing was approved, the same link works again.
      return reply
        .code(503)
        .headers(htmlHeaders(CSP))
        .send(
          page(
            'Approve device',
            `<h1>${escapeHtml(error.message)}</h1><p>Open the link again in a moment.</p>`,
          ),
        )
    }
    const body = ok
      ? '<h1>Device approved</h1><p>Go back to the app and enter the code we just sent you.</p>'
      : '<h1>This link is invalid or has expired</h1>'
    return reply
      .code(ok ? 200 : 400)
      .headers(htmlHeaders(CSP))
      .send(page('Approve device', body))
  })
}
