import type { Logger } from '@portico/shared-types/plugin'

/** behaviour §9 logger size limit: one entry's text never exceeds it (a wallet's or API's error may be huge). */
export const LOG_SIZE_LIMIT_BYTES = 1_024_000
const TRUNCATED = '… [truncated]'

/**
 * The entry's string parts cut to the limit together, counted in UTF-16 units (one per ASCII byte);
 * other values go to the console as they are (it renders them lazily).
 */
function bounded(args: unknown[]): unknown[] {
  let left = LOG_SIZE_LIMIT_BYTES
  return args.map((arg) => {
    if (typeof arg !== 'string') return arg
    if (left === 0) return ''
    if (arg.length <= left) {
      left -= arg.length
      return arg
    }
    const kept = arg.slice(0, Math.max(0, left - TRUNCATED.length)) + TRUNCATED
    left = 0
    return kept
  })
}

/**
 * behaviour §9: default log level error; an explicit `debug: true` shows everything. (`debug` left unset
 * is "on" for the behaviour §8 alerts only: see alerts/alerts.ts alertOptionsOf.)
 */
export function createLogger(debug: boolean, prefix = 'Portico'): Logger {
  const quiet = () => {}
  return {
    debug: debug ? (...args) => console.debug(`[${prefix}]`, ...bounded(args)) : quiet,
    info: debug ? (...args) => console.info(`[${prefix}]`, ...bounded(args)) : quiet,
    warn: debug ? (...args) => console.warn(`[${prefix}]`, ...bounded(args)) : quiet,
    error: (...args) => console.error(...bounded(args)),
  }
}
