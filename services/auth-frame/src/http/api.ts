import type { FastifyInstance, FastifyReply } from 'fastify'
import * as v from 'valibot'
import type { RequestContext, Services } from '../context.ts'
import { hashSecret } from '../crypto/vault.ts'
import { ERRORS, FrameError } from '../errors.ts'
import { BACKEND_ONLY_TYPES, FRAME_REQUEST_TYPES, LOCAL_REQUEST_TYPES } from '../frame/protocol.ts'
import type { HandlerMap } from '../handlers/types.ts'
import {
  clearCookie,
  cookieSecret,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  SESSION_COOKIE,
  setCookie,
} from './cookies.ts'
import { originAllowed } from './origins.ts'

const BACKEND_TYPES = [
  ...FRAME_REQUEST_TYPES.filter((t) => !(LOCAL_REQUEST_TYPES as readonly string[]).includes(t)),
  ...BACKEND_ONLY_TYPES,
]

const BODY = v.object({
  type: v.picklist(BACKEND_TYPES),
  payload: v.optional(
    v.custom<Record<string, unknown>>(
      (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
      'The payload must be an object',
    ),
    {},
  ),
  projectId: v.pipe(v.string(), v.maxLength(128)),
  parentOrigin: v.pipe(v.string(), v.maxLength(2048)),
  chainId: v.optional(v.union([v.pipe(v.string(), v.maxLength(64)), v.number()])),
})

const DEVICE = /^[A-Za-z0-9_-]{43}$/
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/

const fail = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).send({ ok: false, error })

/**
 * POST /api/frame: the frame's backend.
 * - Who: the session and device come from the frame origin's HttpOnly cookies (cookies.ts); a frame in a
 *   browser that keeps no cookies at all sends the ones it holds in memory for the page's life
 *   (`x-portico-device`, `Authorization: Bearer`). Nothing else identifies a caller.
 * - Cross-site requests: the embedding page's scripts can make the browser send these cookies (they are
 *   partitioned under the page's own site), so a request must also come from the frame's own document:
 *   `Origin` is the frame's origin and `Sec-Fetch-Site` is `same-origin`. Browsers set both and page
 *   scripts cannot change them; they authenticate nobody outside a browser, where the cookies are not.
 */
export function frameApiRoutes(app: FastifyInstance, svc: Services, handlers: HandlerMap): void {
  app.post('/api/frame', { bodyLimit: 96 * 1024 }, async (req, reply) => {
    if (req.headers.origin !== svc.frameOrigin) return fail(reply, 403, 'Forbidden')
    const site = req.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin') return fail(reply, 403, 'Forbidden')
    const parsed = v.safeParse(BODY, req.body)
    if (!parsed.success) return fail(reply, 400, 'Malformed request')
    const body = parsed.output
    if (!originAllowed(svc.config, body.projectId, body.parentOrigin)) return fail(reply, 403, 'Forbidden')
    const cookies = req.headers.cookie
    const cookieDevice = cookieSecret(cookies, DEVICE_COOKIE)
    const headerDevice = req.headers['x-portico-device']
    const device = cookieDevice ?? headerDevice
    if (typeof device !== 'string' || !DEVICE.test(device)) return fail(reply, 400, 'Malformed request')
    // The device is remembered from its first request on; a cookie, once kept, wins over the frame's copy.
    if (!cookieDevice) reply.header('set-cookie', setCookie(DEVICE_COOKIE, device, DEVICE_COOKIE_MAX_AGE_S))
    const auth = req.headers.authorization
    const bearer = typeof auth === 'string' ? BEARER.exec(auth)?.[1] : undefined
    if (auth !== undefined && bearer === undefined) return fail(reply, 400, 'Malformed request')
    const token = cookieSecret(cookies, SESSION_COOKIE) ?? bearer
    const ctx: RequestContext = {
      projectId: body.projectId,
      parentOrigin: body.parentOrigin,
      deviceHash: hashSecret(device),
      ...(token !== undefined && { token }),
      ...(body.chainId !== undefined && { chainId: body.chainId }),
      ip: req.ip,
    }
    const handler = handlers[body.type]
    try {
      if (!handler) throw new FrameError(ERRORS.defaultFrameError)
      const { result, session } = await handler(svc, ctx, body.payload)
      if (typeof session === 'string')
        reply.header('set-cookie', setCookie(SESSION_COOKIE, session, svc.config.sessionMaxMs / 1000))
      else if (session === null) reply.header('set-cookie', clearCookie(SESSION_COOKIE))
      return reply.send({
        ok: true,
        ...(result !== undefined && { result: jsonSafe(result) }),
        ...(session !== undefined && { session }),
      })
    } catch (err) {
      if (err instanceof FrameError)
        return reply.code(err.code === 429 ? 429 : 400).send({
          ok: false,
          error: err.message,
          ...(err.code !== undefined && err.code !== 429 && { code: err.code }),
        })
      req.log.error({ err, type: body.type }, 'frame request failed')
      return fail(reply, 500, ERRORS.defaultFrameError)
    }
  })
}

/** bigint → hex string, so viem results serialise. */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, x) => (typeof x === 'bigint' ? `0x${x.toString(16)}` : x)))
}
