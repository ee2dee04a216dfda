import type { FastifyInstance, FastifyReply } from 'fastify'
import * as v from 'valibot'
import type { RequestContext, Services } from '../context.ts'
import { hashSecret } from '../crypto/vault.ts'
import { ERRORS, FrameError } from '../errors.ts'
import { FRAME_REQUEST_TYPES, LOCAL_REQUEST_TYPES } from '../frame/protocol.ts'
import type { HandlerMap } from '../handlers/types.ts'
import { originAllowed } from './origins.ts'

const BACKEND_TYPES = FRAME_REQUEST_TYPES.filter(
  (t) => !(LOCAL_REQUEST_TYPES as readonly string[]).includes(t),
)

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
 * POST /api/frame: the frame's backend. Only the frame's own origin may call it (browser Origin
 * header); the project and parent origin are checked again; the device and session come from headers.
 */
export function frameApiRoutes(app: FastifyInstance, svc: Services, handlers: HandlerMap): void {
  app.post('/api/frame', { bodyLimit: 96 * 1024 }, async (req, reply) => {
    if (req.headers.origin !== svc.frameOrigin) return fail(reply, 403, 'Forbidden')
    const parsed = v.safeParse(BODY, req.body)
    if (!parsed.success) return fail(reply, 400, 'Malformed request')
    const body = parsed.output
    if (!originAllowed(svc.config, body.projectId, body.parentOrigin)) return fail(reply, 403, 'Forbidden')
    const device = req.headers['x-portico-device']
    if (typeof device !== 'string' || !DEVICE.test(device)) return fail(reply, 400, 'Malformed request')
    const auth = req.headers.authorization
    const token = typeof auth === 'string' ? BEARER.exec(auth)?.[1] : undefined
    if (auth !== undefined && token === undefined) return fail(reply, 400, 'Malformed request')
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
      return reply.send({
        ok: true,
        ...(result !== undefined && { result: jsonSafe(result) }),
        ...(session !== undefined && { session }),
      })
    } catch (err) {
      if (err instanceof FrameError) return fail(reply, err.code === 429 ? 429 : 400, err.message)
      req.log.error({ err, type: body.type }, 'frame request failed')
      return fail(reply, 500, ERRORS.defaultFrameError)
    }
  })
}

/** bigint → hex string, so viem results serialise. */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, x) => (typeof x === 'bigint' ? `0x${x.toString(16)}` : x)))
}
