/** The logging surface the service's parts use (fastify's pino logger satisfies it). */
export interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
  debug(obj: object, msg: string): void
}
