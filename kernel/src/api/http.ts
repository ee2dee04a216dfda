import { HTTP_RETRY } from '@portico/shared-types'
import * as v from 'valibot'
import { boundedText } from './boundedText.ts'
import { HttpError, ResponseShapeError, TimeoutError } from './errors.ts'

export { errorMessage, HttpError, ResponseShapeError, TimeoutError } from './errors.ts'

export type QueryValue = string | number | boolean | null | undefined
export type Query = Readonly<Record<string, QueryValue>>

export interface HttpClientOptions {
  baseUrl: string
  clientId?: string
  timeoutMs?: number
  retries?: number
  baseDelayMs?: number
  /** Longest Retry-After honoured; a server asking for more ends the retries (default: timeoutMs). */
  maxRetryAfterMs?: number
  fetch?: typeof fetch
}

export interface RequestOptions<T> {
  query?: Query
  schema: v.GenericSchema<unknown, T>
  signal?: AbortSignal
  /** Read at most this many bytes of the answer (boundedText.ts); default: unbounded. */
  maxBytes?: number
}

export interface BodyRequestOptions<T> extends RequestOptions<T> {
  body?: unknown
}

export interface HttpClient {
  get<T>(path: string, options: RequestOptions<T>): Promise<T>
  post<T>(path: string, options: BodyRequestOptions<T>): Promise<T>
  put<T>(path: string, options: BodyRequestOptions<T>): Promise<T>
  delete<T>(path: string, options: BodyRequestOptions<T>): Promise<T>
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

interface RawResponse {
  ok: boolean
  status: number
  retryAfter: string | null
  text: string
}

const RETRY_STATUSES: readonly number[] = HTTP_RETRY.statusCodes
// A network error or timeout may hide a request the server did process: only repeat idempotent ones.
const IDEMPOTENT: readonly Method[] = ['GET', 'PUT', 'DELETE']

export function createHttpClient({
  baseUrl,
  clientId,
  timeoutMs = HTTP_RETRY.timeoutMs,
  retries = HTTP_RETRY.retries,
  baseDelayMs = HTTP_RETRY.baseDelayMs,
  maxRetryAfterMs = timeoutMs,
  fetch: fetchImpl = globalThis.fetch,
}: HttpClientOptions): HttpClient {
  async function send(
    method: Method,
    url: string,
    body: unknown,
    signal: AbortSignal | undefined,
    maxBytes: number | undefined,
  ): Promise<RawResponse> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const forwardAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', forwardAbort, { once: true })
    try {
      const response = await fetchImpl(url, {
        method,
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      })
      // The body is read under the same timer: a server that stalls mid-body times out too.
      const text =
        maxBytes === undefined
          ? await response.text()
          : await boundedText(
              response,
              maxBytes,
              () =>
                new ResponseShapeError(
                  `${method} ${url} answered more than ${maxBytes} bytes`,
                  [],
                  undefined,
                ),
            )
      return {
        ok: response.ok,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        text,
      }
    } catch (error) {
      throw timedOut ? new TimeoutError() : error
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forwardAbort)
    }
  }

  const backoff = (attempt: number) => baseDelayMs * 2 ** attempt

  async function request<T>(method: Method, path: string, options: BodyRequestOptions<T>): Promise<T> {
    const { query, body, schema, signal, maxBytes } = options
    const url = buildUrl(baseUrl, path, { ...query, clientId })
    const label = `${method} ${path}`
    for (let attempt = 0; ; attempt++) {
      const mayRetry = attempt < retries
      let response: RawResponse
      try {
        response = await send(method, url, body, signal, maxBytes)
      } catch (error) {
        // An answer too large is the server's answer, not a network failure: never asked again.
        if (error instanceof ResponseShapeError) throw error
        if (signal?.aborted || !mayRetry || !IDEMPOTENT.includes(method)) throw error
        await sleep(backoff(attempt), signal)
        continue
      }
      if (response.ok) return parseBody(label, response.text, schema)
      const delay =
        mayRetry && RETRY_STATUSES.includes(response.status)
          ? (parseRetryAfter(response.retryAfter) ?? backoff(attempt))
          : undefined
      if (delay === undefined || delay > maxRetryAfterMs) {
        const body = errorBody(response.text)
        const detail = (body as { message?: unknown } | undefined)?.message
        const reason = typeof detail === 'string' && detail ? `: ${detail}` : ''
        throw new HttpError(response.status, `${label} failed with status ${response.status}${reason}`, body)
      }
      await sleep(delay, signal)
    }
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  }
}

export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const joined = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  const url = new URL(joined, globalThis.location?.href)
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
  }
  return url.toString()
}

/** Retry-After is either delay-seconds or an HTTP date; returns milliseconds from now. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000
  // An HTTP date always names its weekday/month; without letters, Date.parse guesses (e.g. '-5').
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function parseBody<T>(label: string, text: string, schema: v.GenericSchema<unknown, T>): T {
  let data: unknown
  try {
    data = text === '' ? undefined : JSON.parse(text)
  } catch {
    throw new ResponseShapeError(`${label} answered with malformed JSON`, [], text)
  }
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const [issue] = result.issues
  const where = v.getDotPath(issue) ?? 'body'
  throw new ResponseShapeError(
    `${label} answered an unexpected shape: ${where}: ${issue.message}`,
    result.issues,
    data,
  )
}

function errorBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
