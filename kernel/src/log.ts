import type { Logger } from '@portico/shared-types'

/** SPEC §9: default log level error; `debug: true` shows everything. */
export function createLogger(debug: boolean, prefix = 'Portico'): Logger {
  const quiet = () => {}
  return {
    debug: debug ? (...args) => console.debug(`[${prefix}]`, ...args) : quiet,
    info: debug ? (...args) => console.info(`[${prefix}]`, ...args) : quiet,
    warn: debug ? (...args) => console.warn(`[${prefix}]`, ...args) : quiet,
    error: (...args) => console.error(...args),
  }
}
