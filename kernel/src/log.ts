import type { Logger } from '@portico/shared-types/plugin'

/**
 * behaviour §9: default log level error; an explicit `debug: true` shows everything. (`debug` left unset
 * is "on" for the behaviour §8 alerts only: see alerts/alerts.ts alertOptionsOf.)
 */
export function createLogger(debug: boolean, prefix = 'Portico'): Logger {
  const quiet = () => {}
  return {
    debug: debug ? (...args) => console.debug(`[${prefix}]`, ...args) : quiet,
    info: debug ? (...args) => console.info(`[${prefix}]`, ...args) : quiet,
    warn: debug ? (...args) => console.warn(`[${prefix}]`, ...args) : quiet,
    error: (...args) => console.error(...args),
  }
}
