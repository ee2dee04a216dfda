import { randomUUID } from 'node:crypto'

/** The header a request id comes in on and goes back out on. */
export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * A proxy's request id is kept so one id follows a request through every hop's log, but only a
 * short, plain one: it is written into every log line, so a client must not choose its length or put
 * line breaks, quotes or control characters there. Anything else gets a fresh id.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID()
}
