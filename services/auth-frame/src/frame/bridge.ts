/**
 * The frame's message loop: accepts requests only from the exact parent origin (and the parent
 * window), answers each with a `_SUCCESS` or `_ERROR` reply posted to that origin only, forwards
 * backend requests, keeps the session (SESSION_UPDATE) and answers SYNC_THEME, SYNC_DAPP_DATA and
 * RELOAD itself. Browser-free: main.ts gives it the window's pieces.
 */
import type { FrameReplyMessage, FrameRequestType } from '@portico/shared-types'
import { errorReply, parseRequest, requestType, successReply } from './protocol.ts'

export type BackendAnswer =
  | { ok: true; result?: unknown; session?: string | null }
  | { ok: false; error: string }

export interface BridgeDeps {
  parentOrigin: string
  /** window.parent */
  parent: { postMessage(message: unknown, targetOrigin: string): void }
  /** Sends a request to the frame's backend (same origin as the frame) as `device`. */
  call(
    type: FrameRequestType,
    payload: unknown,
    token: string | undefined,
    device: string,
  ): Promise<BackendAnswer>
  /** The session token: in the frame's storage, or only in memory where the browser blocks it. */
  session: { get(): string | undefined; set(token: string | undefined): void }
  /** The frame's device secret (same storage). */
  device: { get(): string; set(device: string): void }
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

/** At most this many requests in flight; more are answered with an error at once. */
export const MAX_IN_FLIGHT = 16
const DEFAULT_ERROR = 'An error occurred'
const TOO_MANY = 'Too many requests in flight'
const SECRET = /^[A-Za-z0-9_-]{43}$/

/**
 * What SESSION_UPDATE gives the app: `<session token>.<device secret>`. Browsers that block a
 * cross-site frame's storage forget both on reload; the app hands the value back in IS_CONNECTED
 * {token} and the frame resumes as that device. (The backend binds a session to its device and the
 * frame's origin, so a token alone, or one used from another origin, is refused.)
 */
export function sessionHandle(token: string, device: string): string {
  return `${token}.${device}`
}

export function parseSessionHandle(handle: unknown): { token: string; device: string } | undefined {
  if (typeof handle !== 'string' || handle.length !== 87) return undefined
  const [token, device] = handle.split('.')
  return token && device && SECRET.test(token) && SECRET.test(device) ? { token, device } : undefined
}

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
  let announcing: ReturnType<typeof setInterval> | undefined
  const stopAnnouncing = () => {
    clearInterval(announcing)
    announcing = undefined
  }
  const post = (message: FrameReplyMessage) => {
    deps.log?.('→', message.type)
    deps.parent.postMessage(message, deps.parentOrigin)
  }

  /** SIGN_OUT {token} without a session of its own (reloaded): end the app's copy. */
  async function signOutCopy(payload: unknown): Promise<BackendAnswer | undefined> {
    if (deps.session.get()) return undefined
    const handle = parseSessionHandle((payload as { token?: unknown } | undefined)?.token)
    return handle ? deps.call('SIGN_OUT', {}, handle.token, handle.device) : undefined
  }

  /** IS_CONNECTED {token} without a session of its own: try the app's copy, and adopt it if live. */
  async function resume(payload: unknown): Promise<BackendAnswer | undefined> {
    if (deps.session.get()) return undefined
    const handle = parseSessionHandle((payload as { token?: unknown } | undefined)?.token)
    if (!handle) return undefined
    const reply = await deps.call('IS_CONNECTED', {}, handle.token, handle.device)
    if (reply.ok && (reply.result as { isConnected?: unknown } | undefined)?.isConnected === true) {
      deps.device.set(handle.device)
      deps.session.set(handle.token)
    }
    return reply
  }

  async function backend(type: FrameRequestType, payload: unknown): Promise<BackendAnswer> {
    try {
      const resumed =
        type === 'IS_CONNECTED'
          ? await resume(payload)
          : type === 'SIGN_OUT'
            ? await signOutCopy(payload)
            : undefined
      return resumed ?? (await deps.call(type, payload ?? {}, deps.session.get(), deps.device.get()))
    } catch {
      return { ok: false, error: DEFAULT_ERROR }
    }
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
    const reply = await backend(type, payload)
    if (!reply.ok) return post(errorReply(id, type, reply.error || DEFAULT_ERROR))
    if (typeof reply.session === 'string') {
      deps.session.set(reply.session)
      post({
        type: '@portico/frame/SESSION_UPDATE',
        payload: { token: sessionHandle(reply.session, deps.device.get()) },
      })
    } else if (reply.session === null) deps.session.set(undefined)
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
