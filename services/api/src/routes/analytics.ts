import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ApiConfig } from '../config.ts'
import type { ApiContext } from '../context.ts'
import { type AnalyticsStore, openAnalyticsStore } from '../directory/analyticsStore.ts'
import type { DirectoryOptions } from '../directory/options.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { projectIdOf } from '../http/guard.ts'
import { jsonShapeProblem } from '../http/jsonShape.ts'
import { parse, sdkQuery, v } from '../http/validate.ts'
import { DAY_MS, scheduleRetention } from '../retention.ts'

export interface AnalyticsConfigResponse {
  isAnalyticsEnabled: boolean
}

export interface AnalyticsEventResponse {
  /** False when this project already sent the same eventId (a retried POST). */
  stored: boolean
}

/** behaviour §8: the message of an analytics call from an origin the service does not allow. */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

const MAX_PROPS_BYTES = 16 * 1024
const PROPS_SHAPE = { maxDepth: 8, maxNodes: 1000 }
const DEFAULT_SDK_TYPE = 'portico'

const EventQuery = v.object(sdkQuery)
const EventBody = v.object(
  {
    eventId: v.pipe(
      v.string('eventId must be a string'),
      v.minLength(1, 'eventId must not be empty'),
      v.maxLength(128, 'eventId must be at most 128 characters'),
    ),
    url: v.pipe(v.string('url must be a string'), v.maxLength(2048, 'url must be at most 2048 characters')),
    domain: v.pipe(
      v.string('domain must be a string'),
      v.maxLength(255, 'domain must be at most 255 characters'),
    ),
    timestamp: v.pipe(
      v.number('timestamp must be milliseconds since 1970'),
      v.integer('timestamp must be milliseconds since 1970'),
      v.minValue(0, 'timestamp must be milliseconds since 1970'),
    ),
    props: v.record(v.string(), v.unknown(), 'props must be a JSON object'),
  },
  'body must be a JSON object with eventId, url, domain, timestamp and props',
)

// The same rule as the CORS layer (http/cors.ts): the origins this service is configured to serve.
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

export function originAllowed(origin: string | undefined, allowed: ApiConfig['corsOrigins']): boolean {
  if (origin === undefined || allowed === '*') return true
  if (allowed === 'localhost') return LOCAL_ORIGIN.test(origin)
  return allowed.includes(origin)
}

/**
 * GET /getAnalyticsConfig → { isAnalyticsEnabled }, and the analytics sink POST /e (SDK properties
 * as query, { eventId, url, domain, timestamp, props } as body), stored in the service's database.
 * A browser call from an origin the service does not serve gets 403 'Invalid App Configuration'.
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  options: Pick<DirectoryOptions, 'analyticsEnabled'>,
): Promise<void> {
  const store: AnalyticsStore = await openAnalyticsStore(ctx.config.database)
  const { analyticsDays, intervalMs } = ctx.config.retention
  const retention = scheduleRetention(
    'analytics events',
    () => store.prune(Date.now() - analyticsDays * DAY_MS),
    intervalMs,
    app.log,
  )
  app.addHook('onClose', async () => {
    await retention.stop()
    await store.close()
  })

  app.get(
    '/getAnalyticsConfig',
    async (): Promise<AnalyticsConfigResponse> => ({
      isAnalyticsEnabled: options.analyticsEnabled,
    }),
  )

  app.post('/e', async (req: FastifyRequest, reply): Promise<AnalyticsEventResponse> => {
    const origin = req.headers.origin
    if (!originAllowed(origin, ctx.config.corsOrigins)) throw new ApiError(403, INVALID_APP_CONFIGURATION)
    const query = parse(EventQuery, req.query ?? {}, 'query')
    const body = parse(EventBody, req.body ?? null, 'body')
    // Checked before anything serialises props: a deep value would overflow JSON.stringify's stack.
    const shape = jsonShapeProblem(body.props, PROPS_SHAPE)
    if (shape !== null) throw badRequest(`props ${shape}`)
    if (Buffer.byteLength(JSON.stringify(body.props)) > MAX_PROPS_BYTES)
      throw badRequest(`props must be at most ${MAX_PROPS_BYTES} bytes of JSON`)
    const stored = await store.record({
      projectId: projectIdOf(req) ?? '',
      eventId: body.eventId,
      sdkType: query.st ?? DEFAULT_SDK_TYPE,
      sdkVersion: query.sv ?? null,
      clientId: query.clientId ?? null,
      url: body.url,
      domain: body.domain,
      timestamp: body.timestamp,
      props: body.props,
      origin: origin ?? null,
      receivedAt: Date.now(),
    })
    void reply.code(202)
    return { stored }
  })
}
