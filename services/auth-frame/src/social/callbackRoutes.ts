/**
 * The popup's way back to the frame origin. GET /social/callback?code&state is the usual OAuth 2
 * redirect. Apple answers with response_mode=form_post: a POST of code, state (and error, id_token,
 * user) to the same address; it is turned into the GET form with only the fields the login reads, so
 * the callback page and CONNECT_SOCIAL see one shape for every provider.
 */
import type { FastifyInstance } from 'fastify'
import { type CallbackLogin, renderCallbackPage } from './callbackPage.ts'
import { CALLBACK_PATH } from './providers.ts'

/** The fields a callback carries that the login reads (Apple's `user` and `id_token` are not used). */
const FORWARDED = ['code', 'state', 'error', 'error_description', 'iss'] as const

export function callbackRoutes(app: FastifyInstance, loginOf: (state: string) => CallbackLogin | undefined) {
  app.get(CALLBACK_PATH, async (request, reply) => {
    const state = (request.query as Record<string, unknown> | undefined)?.state
    const page = renderCallbackPage(typeof state === 'string' ? loginOf(state) : undefined)
    return reply.code(page.status).headers(page.headers).send(page.body)
  })
  app.post(CALLBACK_PATH, async (request, reply) => {
    const body = request.body
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
    const query = new URLSearchParams()
    for (const name of FORWARDED) {
      const value = fields[name]
      if (typeof value === 'string' && value.length <= 2048) query.set(name, value)
    }
    // 303: the browser follows with a GET, so a reload never re-posts the code.
    return reply.code(303).header('cache-control', 'no-store').redirect(`${CALLBACK_PATH}?${query}`, 303)
  })
}
