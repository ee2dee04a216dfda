/**
 * The frame's message loop: accepts requests only from the exact parent origin (and the parent
 * window), answers each with a `_SUCCESS` or `_ERROR` reply posted to that origin only, forwards
 * backend requests and answers CANCEL_REQUEST, SYNC_THEME, SYNC_DAPP_DATA and RELOAD itself.
 *
 * Trust boundary: the parent page is not trusted. Any script on it (an XSS, an analytics tag) can post
 * here exactly what the modal posts. So an unsafe request (behaviour §6) is never signed because the page
 * asked: the frame shows it (`approver`, UI of the frame's own origin), and only the user's click there
 * makes the backend issue a one-time approval bound to that exact request. Nothing the page posts can
 * carry an approval, and no credential is ever posted to the page. Browser-free: main.ts gives it the
 * window's pieces.
 */

import { UNSAFE_RPC_METHODS } from '@portico/shared-types'
import type { FrameReplyMessage, FrameRequestType } from '@portico/shared-types/frame'
import type { RequestSummary } from '../rpc/describe.ts'
import type { BackendOnlyType } from './protocol.ts'
import { errorReply, parseRequest, requestType, successReply } from './protocol.ts'

export type BackendAnswer =
  | { ok: true; result?: unknown; session?: string | null }
  | { ok: false; error: string; code?: number }

export type { RequestSummary }

/** Shows one unsafe request in the frame and resolves with the user's decision (false when aborted). */
export type Approver = (summary: RequestSummary, signal: AbortSignal) => Promise<boolean>

/** Runs the key export view in the frame until the user closes it (or it is withdrawn). */
export type Exporter = (
  call: (type: BackendOnlyType, payload: unknown) => Promise<BackendAnswer>,
  signal: AbortSignal,
) => Promise<void>

/**
 * Runs the passkey view in the frame until the user is done (or it is withdrawn); resolves with the
 * last backend answer (its session, when a passkey signed the user in) or a closed view, never rejects.
 */
export type PasskeyViewer = (
  /** 'add' adds a passkey to the signed-in account; anything else is the connect view. */
  purpose: unknown,
  call: (type: BackendOnlyType, payload: unknown) => Promise<BackendAnswer>,
  signal: AbortSignal,
) => Promise<BackendAnswer>

export interface BridgeDeps {
  parentOrigin: string
  /** window.parent */
  parent: { postMessage(message: unknown, targetOrigin: string): void }
  /** Sends a request to the frame's backend (same origin as the frame; credentials are its cookies). */
  call(type: FrameRequestType | BackendOnlyType, payload: unknown): Promise<BackendAnswer>
  approver: Approver
  exporter: Exporter
  passkeys: PasskeyViewer
  reload(): void
  version?: string
  log?(...args: unknown[]): void
}

/**
 * READY is posted again every READY_REPEAT_MS until the parent's first request arrives, at most
 * READY_REPEATS times (the app waits 30 s for it): Chromium loses a message posted to the page while it
 * opens a window (window.open is synchronous), and a social login opens its popup just as the frame,
 * warmed up by the pointer, comes up. The app takes READY once and ignores the rest.
 */
export const READY_REPEAT_MS = 500
export const READY_REPEATS = 60

/** At most this many requests in flight (waiting approvals included); more are refused at once. */
export const MAX_IN_FLIGHT = 16
const DEFAULT_ERROR = 'An error occurred'
const TOO_MANY = 'Too many requests in flight'
export const USER_REJECTED = 'User rejected the request'

const UNSAFE: ReadonlySet<string> = new Set(UNSAFE_RPC_METHODS)

export interface Bridge {
  /** For window 'message' events. */
  handleMessage(event: { origin: string; data: unknown; source: unknown }): void
  ready(): void
  /** What SYNC_THEME / SYNC_DAPP_DATA last set. */
  synced(): { theme?: unknown; dappData?: unknown }
}

export function createBridge(deps: BridgeDeps): Bridge {
  const inFlight = new Set<string>()
  /** Unsafe requests waiting for the user, by message id: CANCEL_REQUEST aborts one. */
  const waiting = new Map<string, AbortController>()
  /** One approval on screen at a time: the next one waits for the previous decision. */
  let approvals: Promise<unknown> = Promise.resolve()
  const synced: { theme?: unknown; dappData?: unknown } = {}
  let announcing: ReturnType<typeof setInterval> | undefined
  const stopAnnouncing = () => {
    clearInterval(announcing)
    announcing = undefined
  }
  const post = (message: FrameReplyMessage) => {
    deps.log?.('→', message.type)
    deps.parent.postMessage(message, deps.parentOrigin)
  }

  async function backend(type: FrameRequestType | BackendOnlyType, payload: unknown): Promise<BackendAnswer> {
    try {
      return await deps.call(type, payload ?? {})
    } catch {
      return { ok: false, error: DEFAULT_ERROR }
    }
  }

  /** Runs `task` when the frame's screen is free (one view at a time); CANCEL_REQUEST {id} aborts it. */
  async function interactive(id: string, task: (signal: AbortSignal) => Promise<BackendAnswer>) {
    const controller = new AbortController()
    waiting.set(id, controller)
    const run = () => task(controller.signal)
    const turn = approvals.then(run, run)
    approvals = turn.catch(() => undefined)
    try {
      return await turn
    } finally {
      waiting.delete(id)
    }
  }

  async function keyExport(id: string): Promise<BackendAnswer> {
    return interactive(id, async (signal) => {
      if (!signal.aborted)
        await deps.exporter((type, payload) => backend(type, payload), signal).catch(() => {})
      return { ok: true }
    })
  }

  /**
   * Describe → the user decides in the frame → one-time approval → the signed request, all three with
   * the same `params` (the page's message, cloned by postMessage: nothing else holds it).
   */
  function unsafe(id: string, method: string, params: unknown): Promise<BackendAnswer> {
    return interactive(id, async (signal): Promise<BackendAnswer> => {
      if (signal.aborted) return { ok: false, error: USER_REJECTED, code: 4001 }
      const described = await backend('DESCRIBE_REQUEST', { method, params })
      if (!described.ok) return described
      let approved = false
      try {
        approved = await deps.approver(described.result as RequestSummary, signal)
      } catch {}
      // Decided: from here on the request is the user's, no longer the page's to withdraw.
      waiting.delete(id)
      if (!approved || signal.aborted) return { ok: false, error: USER_REJECTED, code: 4001 }
      // The backend approves only the params its description was for (the proof it answered with).
      const approval = await backend('APPROVE_REQUEST', {
        method,
        params,
        described: (described.result as RequestSummary | undefined)?.described,
      })
      if (!approval.ok) return approval
      const secret = (approval.result as { approval?: unknown } | undefined)?.approval
      return backend('RPC_REQUEST', { method, params, approval: secret })
    })
  }

  async function answer(id: string, type: FrameRequestType, payload: unknown): Promise<void> {
    if (type === 'SYNC_THEME' || type === 'SYNC_DAPP_DATA') {
      if (type === 'SYNC_THEME') synced.theme = payload
      else synced.dappData = payload
      return post(successReply(id, type, undefined))
    }
    if (type === 'RELOAD') {
      post(successReply(id, type, undefined))
      return deps.reload()
    }
    if (type === 'CANCEL_REQUEST') {
      const target = (payload as { id?: unknown } | undefined)?.id
      if (typeof target === 'string') waiting.get(target)?.abort()
      return post(successReply(id, type, undefined))
    }
    let reply: BackendAnswer
    if (type === 'SHOW_KEY_EXPORT') reply = await keyExport(id)
    // The passkey view: the page chooses only its purpose ('add', else connect), nothing else.
    else if (type === 'SHOW_PASSKEY')
      reply = await interactive(id, (signal) =>
        deps.passkeys((payload as { purpose?: unknown })?.purpose, backend, signal),
      )
    else if (type === 'RPC_REQUEST') {
      // Only the method and params are taken from the page: never an approval, nor anything else.
      const { method, params } = (payload ?? {}) as { method?: unknown; params?: unknown }
      reply =
        typeof method === 'string' && UNSAFE.has(method)
          ? await unsafe(id, method, params)
          : await backend(type, { method, params })
    } else reply = await backend(type, type === 'IS_CONNECTED' || type === 'SIGN_OUT' ? {} : payload)
    if (!reply.ok) {
      return post(errorReply(id, type, reply.error || DEFAULT_ERROR, reply.code))
    }
    if (reply.session !== undefined)
      post({
        type: '@portico/frame/SESSION_UPDATE',
        payload: { connected: typeof reply.session === 'string' },
      })
    post(successReply(id, type, reply.result))
  }

  return {
    handleMessage(event) {
      if (event.origin !== deps.parentOrigin || event.source !== deps.parent) return
      const message = parseRequest(event.data)
      if (!message) return
      // The parent heard READY.
      stopAnnouncing()
      const type = requestType(message)
      deps.log?.('←', message.type)
      if (inFlight.has(message.id)) return
      if (inFlight.size >= MAX_IN_FLIGHT) return post(errorReply(message.id, type, TOO_MANY))
      inFlight.add(message.id)
      void answer(message.id, type, message.payload).finally(() => inFlight.delete(message.id))
    },
    ready() {
      stopAnnouncing()
      const announce = () =>
        post({ type: '@portico/frame/READY', payload: deps.version ? { version: deps.version } : {} })
      announce()
      let repeats = 0
      announcing = setInterval(() => {
        if (++repeats >= READY_REPEATS) stopAnnouncing()
        announce()
      }, READY_REPEAT_MS)
    },
    synced: () => ({ ...synced }),
  }
}
