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

export type ApiErrorCode =
  /** The call needs the blockchain API and the app configured none (`apiUrl`). */
  | 'API_NOT_CONFIGURED'
  /** The API does not serve this network for the feature (swaps, gas price). */
  | 'API_NETWORK_NOT_SUPPORTED'
  /** What the caller asked to send is malformed (checked before anything is sent). */
  | 'API_INVALID_REQUEST'
  /** The API answered ok, without what the call needs. */
  | 'API_UNEXPECTED_ANSWER'
  /** A feature call failed; the catalogue message says which, `cause` holds the HTTP or shape error. */
  | 'API_REQUEST_FAILED'

/** A blockchain API feature call that cannot be made or did not succeed, in the words shown to the visitor. */
export class ApiError extends PorticoError<ApiErrorCode> {
  override name = 'ApiError'
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
