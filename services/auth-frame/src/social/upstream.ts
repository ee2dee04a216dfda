/**
 * Every request to a login provider (token endpoint, user API, discovery, JWKS) goes through here:
 * 30 s at most (behaviour §9 socials timeout: the frame call gives up then anyway) and an answer read
 * while counting its bytes, so a provider streaming an endless body cannot exhaust memory.
 */
import { readBoundedText } from '@portico/api'

/** Larger than any documented answer (an ID token, a JWKS, a user object, a list of emails). */
export const MAX_UPSTREAM_BYTES = 64 * 1024
export const UPSTREAM_TIMEOUT_MS = 30_000

/** fetch with the time and size bounds; the answer is buffered (read once, bounded) and re-wrapped. */
export async function boundedFetch(
  url: string | URL,
  init: RequestInit = {},
  maxBytes = MAX_UPSTREAM_BYTES,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  const response = await fetch(url, { ...init, signal })
  const text = await readBoundedText(response, maxBytes)
  const headers = new Headers(response.headers)
  // The body is now decoded text: its original length and encoding no longer describe it.
  headers.delete('content-length')
  headers.delete('content-encoding')
  const empty = response.status === 204 || response.status === 304
  return new Response(empty ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** A JSON answer of a user API: 2xx and parsed, else throws. */
export async function fetchJson(url: string, accessToken: string, extra: Record<string, string> = {}) {
  const response = await boundedFetch(url, {
    headers: { accept: 'application/json', authorization: `Bearer ${accessToken}`, ...extra },
  })
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`)
  return JSON.parse(await response.text()) as unknown
}

/** A plain object or undefined (arrays, null and scalars are not records). */
export function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
