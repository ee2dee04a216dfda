import type { FrameRequestType } from '@portico/shared-types/frame'
import type { RequestContext, Services } from '../context.ts'
import type { BackendOnlyType } from '../frame/protocol.ts'

/** A handler's answer: the reply payload, and the session token to keep (string) or drop (null). */
export interface HandlerResult {
  result?: unknown
  session?: string | null
}

export type Handler = (
  svc: Services,
  ctx: RequestContext,
  payload: Record<string, unknown>,
) => Promise<HandlerResult>

export type HandlerMap = Partial<Record<FrameRequestType | BackendOnlyType, Handler>>
