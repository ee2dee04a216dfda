import { MESSAGES } from '@portico/shared-types'
import type * as v from 'valibot'
import { PorticoError } from '../errors/base.ts'

/** A non-ok answer that retries did not fix. `body` is the parsed JSON, or the raw text when not JSON. */
export class HttpError extends PorticoError {
  override name = 'HttpError'
  readonly status: number
  readonly body: unknown

  constructor(status: number, message: string, body: unknown) {
    super('HTTP_STATUS', message)
    this.status = status
    this.body = body
  }
}

/** An ok answer whose body is not JSON or not the expected shape. */
export class ResponseShapeError extends PorticoError {
  override name = 'ResponseShapeError'
  readonly issues: readonly v.BaseIssue<unknown>[]
  readonly body: unknown

  constructor(message: string, issues: readonly v.BaseIssue<unknown>[], body: unknown) {
    super('RESPONSE_SHAPE', message)
    this.issues = issues
    this.body = body
  }
}

export class TimeoutError extends PorticoError {
  override name = 'TimeoutError'

  constructor() {
    super('TIMEOUT', MESSAGES.requestTookTooLong)
  }
}

/** behaviour §8 error display: string as-is, else first validation issue message, else error message. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null) {
    const { issues, message } = error as { issues?: unknown; message?: unknown }
    const firstIssue: unknown = Array.isArray(issues) ? issues[0] : undefined
    const issueMessage = (firstIssue as { message?: unknown } | undefined)?.message
    if (typeof issueMessage === 'string' && issueMessage) return issueMessage
    if (typeof message === 'string' && message) return message
  }
  return MESSAGES.unknownError
}
