import { timingSafeEqual } from 'node:crypto'

/**
 * Who may read /metrics. The series hold no per-user data (route patterns, counts, sizes), but they
 * show traffic and internals: with a token (PORTICO_METRICS_TOKEN) only `Authorization: Bearer
 * <token>` reads them; in production without a token they are not served at all; in dev they are open.
 */
export interface MetricsAccess {
  production: boolean
  token?: string | undefined
}

export type MetricsDecision = 'serve' | 'unauthorized' | 'not-served'

export function metricsDecision(access: MetricsAccess, authorization: string | undefined): MetricsDecision {
  if (access.token === undefined || access.token === '') return access.production ? 'not-served' : 'serve'
  const expected = Buffer.from(`Bearer ${access.token}`)
  const given = Buffer.from(authorization ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'serve' : 'unauthorized'
}

/** PORTICO_METRICS_TOKEN, at least 16 characters (it guards a scrape endpoint, not user data). */
export function metricsTokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const token = env.PORTICO_METRICS_TOKEN
  if (token === undefined || token === '') return undefined
  if (token.length < 16 || /\s/.test(token))
    throw new Error('PORTICO_METRICS_TOKEN: expected at least 16 characters without spaces')
  return token
}
