/**
 * The frame's message loop: accepts requests only from the exact parent origin (and the parent
 * window), answers each with a `_SUCCESS` or `_ERROR` reply posted to that origin only, forwards
 * backend requests, keeps the session token (SESSION_UPDATE) and answers SYNC_THEME, SYNC_DAPP_DATA
 * and RELOAD itself. Browser-free: main.ts gives it the window's pieces.
 */
import type { FrameReplyMessage, FrameRequestType } from '@portico/shared-types'
import { errorReply, LOCAL_REQUEST_TYPES, parseRequest, requestType, successReply } from './protocol.ts'

export type BackendAnswer =
  | { ok: true; result?: unknown; session?: string | null }
  | { ok: false; error: string }

export interface BridgeDeps {
  parentOrigin: string
  /** window.parent */
  parent: { postMessage(message: unknown, targetOrigin: string): void }
  /** Sends a request to the frame's backend (same origin as the frame). */
  call(type: FrameRequestType, payload: unknown, token: string | undefined): Promise<BackendAnswer>
  session: { get(): string | undefined; set(token: string | undefined): void }
  reload(): void
  version?: string
  log?(...args: unknown[]): void
}

/** At most this many requests in flight; more are answered with an error at once. */
export const MAX_IN_FLIGHT = 16
const DEFAULT_ERROR = 'An error occurred'
const TOO_MANY = 'Too many requests in flight'

export interface Bridge {
  /** For window 'message' events. */
  handleMessage(event: { origin: string; data: unknown; source: unknown }): void
  ready(): void
  /** What SYNC_THEME / SYNC_DAPP_DATA last set (the frame's own views would read them). */
  synced(): { theme?: unknown; dappData?: unknown }
}

export function createBridge(deps: BridgeDeps): Bridge {
  const inFlight = new Set<string>()
  const synced: { theme?: unknown; dappData?: unknown } = {}
  const post = (message: FrameReplyMessage) => {
    deps.log?.('→', message.type)
    deps.parent.postMessage(message, deps.parentOrigin)
  }

  async function answer(id: string, type: FrameRequestType, payload: unknown): Promise<void> {
    if (type === 'SYNC_THEME') {
      synced.theme = payload
      return post(successReply(id, type, undefined))
    }
    if (type === 'SYNC_DAPP_DATA') {
      synced.dappData = payload
      return post(successReply(id, type, undefined))
    }
    if (type === 'RELOAD') {
      post(successReply(id, type, undefined))
      return deps.reload()
    }
    let reply: BackendAnswer
    try {
      reply = await deps.call(type, payload ?? {}, deps.session.get())
    } catch {
      reply = { ok: false, error: DEFAULT_ERROR }
    }
    if (!reply.ok)
      return post(
        errorReply(id, type, typeof reply.error === 'string' && reply.error ? reply.error : DEFAULT_ERROR),
      )
    if (typeof reply.session === 'string') {
      deps.session.set(reply.session)
      post({ type: '@portico/frame/SESSION_UPDATE', payload: { token: reply.session } })
    } else if (reply.session === null) deps.session.set(undefined)
    post(successReply(id, type, reply.result))
  }

  return {
    handleMessage(event) {
      if (event.origin !== deps.parentOrigin || event.source !== deps.parent) return
      const message = parseRequest(event.data)
      if (!message) return
      const type = requestType(message)
      deps.log?.('←', message.type)
      if (inFlight.has(message.id)) return
      if (inFlight.size >= MAX_IN_FLIGHT) return post(errorReply(message.id, type, TOO_MANY))
      if ((LOCAL_REQUEST_TYPES as readonly string[]).includes(type)) {
        void answer(message.id, type, message.payload)
        return
      }
      inFlight.add(message.id)
      void answer(message.id, type, message.payload).finally(() => inFlight.delete(message.id))
    },
    ready() {
      post({ type: '@portico/frame/READY', payload: deps.version ? { version: deps.version } : {} })
    },
    synced: () => ({ ...synced }),
  }
}
