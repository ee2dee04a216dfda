/**
 * JSON logs for the services on node:http (relay, IdP, on-ramp page), in the shape fastify's logger
 * gives the API and the auth frame: one JSON object per line with time, level, the service's name,
 * msg and fields, so one log pipeline reads every service. Level from PORTICO_LOG_LEVEL (default info).
 */
import { destination, pino, stdTimeFunctions } from 'pino'

export type LogFields = Record<string, unknown>

export interface ServiceLog {
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface ServiceLogOptions {
  level?: LogLevel
  /** Where the lines go (default stdout). */
  destination?: { write(line: string): void }
}

export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const raw = env.PORTICO_LOG_LEVEL
  if (raw === undefined || raw === '') return 'info'
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new Error(`PORTICO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
  return raw as LogLevel
}

export function createServiceLog(service: string, options: ServiceLogOptions = {}): ServiceLog {
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { service },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? destination({ sync: true }),
  )
  return {
    info: (msg, fields) => logger.info(fields ?? {}, msg),
    warn: (msg, fields) => logger.warn(fields ?? {}, msg),
    error: (msg, fields) => logger.error(fields ?? {}, msg),
  }
}

/** The line-taking form some services' options take (`log: (line) => void`), at one level. */
export function lineLog(log: ServiceLog, level: 'info' | 'warn' | 'error' = 'info'): (line: string) => void {
  return (line) => log[level](line)
}
