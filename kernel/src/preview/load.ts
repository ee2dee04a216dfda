/**
 * A preview for one snapshotted request: ask the API (bounded, schema-checked, with a timeout), then keep
 * its answer only if it carries the digest computed here from the request the wallet will receive. The
 * API is trusted to describe a request, never to choose which one: an answer with another digest is of
 * another request, and is dropped for 'unavailable' (never shown, not even in part).
 */
import { SDK_TYPE, SDK_VERSION } from '@portico/shared-types'
import type { PreviewResponse, SignaturePreview, TransactionPreview } from '@portico/shared-types/api'
import { createHttpClient } from '../api/http.ts'
import { MAX_PREVIEW_ANSWER_BYTES, PreviewResponseSchema } from './schema.ts'
import type { RequestSnapshot } from './snapshot.ts'
import { type PreviewContext, previewSubject } from './subject.ts'

/** The API answers in well under a second on a healthy node (issue 27 bench: p95 ≤ 150 ms). */
export const PREVIEW_TIMEOUT_MS = 5_000

/** Why a preview is unavailable, for the log; the visitor is told only that it is. */
export type UnavailableReason = 'request' | 'api' | 'simulation' | 'mismatch' | 'chain'

export type PreviewOutcome =
  | { kind: 'transaction'; preview: TransactionPreview }
  | { kind: 'signature'; preview: SignaturePreview }
  | { kind: 'unavailable'; reason: UnavailableReason }

export interface PreviewApi {
  apiUrl: string
  projectId: string
  fetch?: typeof fetch
  timeoutMs?: number
  signal?: AbortSignal
  log?: { warn(...args: unknown[]): void }
}

export async function loadPreview(
  api: PreviewApi,
  snapshot: RequestSnapshot,
  context: PreviewContext,
): Promise<PreviewOutcome> {
  const subject = previewSubject(snapshot, context)
  if (!subject.ok) {
    api.log?.warn('Portico: no preview for this request:', subject.problem)
    return { kind: 'unavailable', reason: 'request' }
  }
  const http = createHttpClient({
    baseUrl: api.apiUrl,
    timeoutMs: api.timeoutMs ?? PREVIEW_TIMEOUT_MS,
    retries: 0,
    ...(api.fetch ? { fetch: api.fetch } : {}),
  })
  let answer: PreviewResponse
  try {
    answer = await http.post('/v1/preview', {
      query: { projectId: api.projectId, st: SDK_TYPE, sv: SDK_VERSION },
      body: subject.body,
      schema: PreviewResponseSchema,
      maxBytes: MAX_PREVIEW_ANSWER_BYTES,
      ...(api.signal ? { signal: api.signal } : {}),
    })
  } catch (error) {
    api.log?.warn('Portico: transaction preview unavailable:', error)
    return { kind: 'unavailable', reason: 'api' }
  }
  if (answer.digest.toLowerCase() !== subject.digest.toLowerCase()) {
    api.log?.warn('Portico: the preview answered is of another request (digest mismatch); not shown')
    return { kind: 'unavailable', reason: 'mismatch' }
  }
  if (answer.chainId !== `eip155:${subject.chainId}`) return { kind: 'unavailable', reason: 'chain' }
  if (answer.kind === 'unavailable') return { kind: 'unavailable', reason: 'simulation' }
  return answer.kind === 'transaction'
    ? { kind: 'transaction', preview: answer }
    : { kind: 'signature', preview: answer }
}
