/**
 * The app side of the auth frame (behaviour §2 hidden full-page frame, §7 wallet frame messages, §8, §9):
 * one hidden iframe on the frame's own origin, requests `@portico/app/<TYPE>` with random ids, replies
 * `@portico/frame/<TYPE>_SUCCESS|_ERROR` matched by id. Only messages whose origin is the frame's origin
 * AND whose source is the frame's window are read; everything else is ignored.
 */
import { DIALOG_PART_ATTRIBUTE, MESSAGES, PorticoError } from '@portico/shared-types'
import type { FrameRequests, FrameRequestType } from '@portico/shared-types/frame'
import { strings } from './strings.ts'

/** behaviour §2: the wallet frame's z-index. */
export const FRAME_Z_INDEX = 999999
/** behaviour §9: frame call timeout for connect email, device, otp, social and social redirect uri. */
export const FRAME_CALL_TIMEOUT_MS = 30_000
/** Waiting for READY after the iframe is added (the same behaviour §9 bound). */
export const FRAME_READY_TIMEOUT_MS = 30_000
/** Calls without a behaviour-reference timeout still settle: bounded so nothing waits forever (RPC_REQUEST excepted). */
export const FRAME_DEFAULT_TIMEOUT_MS = 60_000
/** Open requests at once; more are refused rather than growing without bound. */
export const MAX_PENDING = 64
const MAX_ERROR_LENGTH = 500

/** behaviour §9: these calls time out after 30 s and then the socials-timeout alert shows. */
export const ALERTING_CALLS: readonly FrameRequestType[] = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
]

/** Requests the frame may be showing to the user: aborting one withdraws it in the frame too. */
const WITHDRAWABLE: readonly FrameRequestType[] = ['RPC_REQUEST', 'SHOW_KEY_EXPORT', 'SHOW_PASSKEY']

export interface FrameClientOptions {
  /** The frame page (its own origin); http(s) only. */
  url: string
  projectId: string
  chainId?: string | number
  version?: string
  enableLogger?: boolean
  /** Called when an alerting call (ALERTING_CALLS) times out: the app shows the socials-timeout alert. */
  onTimeout?(type: FrameRequestType): void
  readyTimeoutMs?: number
  callTimeoutMs?: number
  defaultTimeoutMs?: number
  /** Where the iframe goes; default document.body. */
  container?: HTMLElement
}

export interface RequestOptions {
  signal?: AbortSignal
  /** Overrides the call's timeout (0: none). */
  timeoutMs?: number
}

export type FrameEvent = 'SESSION_UPDATE' | 'SET_PREFERRED_ACCOUNT_TYPE' | 'APPROVAL_SIZE'
const EVENTS: readonly string[] = ['SESSION_UPDATE', 'SET_PREFERRED_ACCOUNT_TYPE', 'APPROVAL_SIZE']

export interface FrameClient {
  readonly origin: string
  /** Resolves once the frame said READY; rejects with 'Unable to load email login dependency'. */
  ready(): Promise<void>
  request<K extends FrameRequestType>(
    type: K,
    payload: FrameRequests[K]['payload'],
    options?: RequestOptions,
  ): Promise<FrameRequests[K]['reply']>
  on(event: FrameEvent, listener: (payload: unknown) => void): () => void
  /**
   * Shows the frame over `place` (an element of the approval view), following it as it moves, until
   * hide(): the frame renders the request and its own Approve and Reject buttons there.
   */
  show(place: HTMLElement): void
  hide(): void
  destroy(): void
}

/** A frame failure without an EIP-1193 code of its own (the frame did not load, answer or accept). */
export const FRAME_FAILED = 'FRAME_FAILED'

/** `code`: the frame's EIP-1193 code where one applies (4001: the user rejected in the frame), else FRAME_FAILED. */
export class FrameError extends PorticoError<number | typeof FRAME_FAILED> {
  override name = 'FrameError'

  constructor(
    message: string,
    readonly type?: FrameRequestType,
    code?: number,
  ) {
    super(code ?? FRAME_FAILED, message)
  }
}

/** The frame URL with the behaviour §7 load parameters; throws on anything but an absolute http(s) URL. */
export function frameUrl(
  options: Pick<FrameClientOptions, 'url' | 'projectId' | 'chainId' | 'version' | 'enableLogger'>,
): URL {
  let url: URL
  try {
    url = new URL(options.url)
  } catch {
    throw new FrameError(MESSAGES.emailDependencyFailed)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new FrameError(MESSAGES.emailDependencyFailed)
  url.searchParams.set('projectId', options.projectId)
  if (options.chainId !== undefined) url.searchParams.set('chainId', String(options.chainId))
  if (options.version) url.searchParams.set('version', options.version)
  url.searchParams.set('enableLogger', String(options.enableLogger ?? true))
  // The frame page answers only an embedding origin its project allows, and posts only to it.
  url.searchParams.set('parentOrigin', window.location.origin)
  return url
}

const randomId = () => crypto.randomUUID()

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** behaviour §8 'An error occurred' when the frame's error carries no usable message. */
function errorMessageOf(payload: unknown): string {
  const message = isRecord(payload) ? payload.message : undefined
  return typeof message === 'string' && message.trim() !== ''
    ? message.slice(0, MAX_ERROR_LENGTH)
    : MESSAGES.anErrorOccurred
}

interface Pending {
  type: FrameRequestType
  resolve(value: unknown): void
  reject(error: Error): void
  cleanup(): void
}

export function createFrameClient(options: FrameClientOptions): FrameClient {
  const url = frameUrl(options)
  const origin = url.origin
  const container = options.container ?? document.body
  const iframe: HTMLIFrameElement | undefined = document.createElement('iframe')
  iframe.src = url.href
  iframe.title = 'Embedded wallet'
  // Passkeys are made and used in the frame's own document: the embedding page delegates WebAuthn to it.
  iframe.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create')
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
  Object.assign(iframe.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    border: 'none',
    display: 'none',
    zIndex: String(FRAME_Z_INDEX),
  })
  let frame: HTMLIFrameElement | undefined = iframe
  const pending = new Map<string, Pending>()
  const listeners = new Map<FrameEvent, Set<(payload: unknown) => void>>()
  let markReady: () => void = () => {}
  let failReady: (error: Error) => void = () => {}
  const readyPromise = new Promise<void>((resolve, reject) => {
    markReady = resolve
    failReady = reject
  })
  readyPromise.catch(() => undefined)
  const readyTimer = setTimeout(
    () => failReady(new FrameError(MESSAGES.emailDependencyFailed)),
    options.readyTimeoutMs ?? FRAME_READY_TIMEOUT_MS,
  )
  iframe.addEventListener('error', () => failReady(new FrameError(MESSAGES.emailDependencyFailed)))

  function onMessage(event: MessageEvent) {
    // Identity is the origin AND the frame's own window: never a name or a claimed type.
    if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return
    const data: unknown = event.data
    if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith('@portico/frame/')) return
    const kind = data.type.slice('@portico/frame/'.length)
    if (kind === 'READY') {
      clearTimeout(readyTimer)
      markReady()
      return
    }
    if (EVENTS.includes(kind)) {
      for (const listener of listeners.get(kind as FrameEvent) ?? []) listener(data.payload)
      return
    }
    if (typeof data.id !== 'string') return
    const call = pending.get(data.id)
    if (!call) return
    if (kind === `${call.type}_SUCCESS`) {
      call.cleanup()
      call.resolve(data.payload)
    } else if (kind === `${call.type}_ERROR`) {
      call.cleanup()
      const code = isRecord(data.payload) ? data.payload.code : undefined
      call.reject(
        new FrameError(
          errorMessageOf(data.payload),
          call.type,
          typeof code === 'number' && Number.isSafeInteger(code) ? code : undefined,
        ),
      )
    }
  }
  window.addEventListener('message', onMessage)
  container.appendChild(iframe)

  const timeoutFor = (type: FrameRequestType, requested?: number) => {
    if (requested !== undefined) return requested
    if (ALERTING_CALLS.includes(type)) return options.callTimeoutMs ?? FRAME_CALL_TIMEOUT_MS
    if (type === 'RPC_REQUEST') return 0
    return options.defaultTimeoutMs ?? FRAME_DEFAULT_TIMEOUT_MS
  }

  /**
   * behaviour §8: an aborted RPC is 'Request was aborted'; other aborted calls 'Something went wrong',
   * except the Farcaster QR's: cancelled it says so, timed out that the request took too long.
   */
  const abortError = (type: FrameRequestType, timedOut = false) => {
    if (type === 'RPC_REQUEST') return new FrameError(MESSAGES.requestAborted, type)
    if (type !== 'GET_FARCASTER_URI') return new FrameError(MESSAGES.somethingWentWrong, type)
    return new FrameError(timedOut ? MESSAGES.requestTookTooLong : strings.farcasterCancelled, type)
  }

  async function request<K extends FrameRequestType>(
    type: K,
    payload: FrameRequests[K]['payload'],
    requestOptions: RequestOptions = {},
  ): Promise<FrameRequests[K]['reply']> {
    if (!frame) throw new FrameError(MESSAGES.iframeNotSet, type)
    if (pending.size >= MAX_PENDING) throw new FrameError('Too many open frame requests', type)
    const { signal } = requestOptions
    if (signal?.aborted) throw abortError(type)
    const id = randomId()
    const timeoutMs = timeoutFor(type, requestOptions.timeoutMs)
    const reply = new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const onAbort = () => {
        // A request the frame may be showing for approval is withdrawn there too.
        if (WITHDRAWABLE.includes(type) && pending.has(id))
          frame?.contentWindow?.postMessage(
            { id: randomId(), type: '@portico/app/CANCEL_REQUEST', payload: { id } },
            origin,
          )
        cleanup()
        reject(abortError(type))
      }
      const cleanup = () => {
        pending.delete(id)
        if (timer) clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
      if (timeoutMs > 0) {
        timer = setTimeout(() => {
          cleanup()
          if (ALERTING_CALLS.includes(type)) options.onTimeout?.(type)
          reject(abortError(type, true))
        }, timeoutMs)
      }
      signal?.addEventListener('abort', onAbort)
      pending.set(id, { type, resolve, reject, cleanup })
    })
    try {
      // A timeout or abort while waiting for READY settles the call too.
      await Promise.race([readyPromise, reply])
    } catch (error) {
      pending.get(id)?.cleanup()
      throw error
    }
    const target = frame?.contentWindow
    if (!target) {
      pending.get(id)?.cleanup()
      throw new FrameError(MESSAGES.iframeNotSet, type)
    }
    // Only if the call is still open (not aborted or timed out while waiting for READY).
    if (pending.has(id)) target.postMessage({ id, type: `@portico/app/${type}`, payload }, origin)
    return (await reply) as FrameRequests[K]['reply']
  }

  let tracking: number | undefined
  function hide() {
    if (tracking !== undefined) cancelAnimationFrame(tracking)
    tracking = undefined
    if (!frame) return
    Object.assign(frame.style, {
      display: 'none',
      inset: '0',
      left: '',
      top: '',
      width: '100%',
      height: '100%',
    })
    frame.setAttribute('aria-hidden', 'true')
    frame.tabIndex = -1
    frame.removeAttribute(DIALOG_PART_ATTRIBUTE)
  }

  return {
    origin,
    ready: () => readyPromise,
    request,
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      return () => set.delete(listener)
    },
    show(place) {
      if (!frame) return
      hide()
      const target = frame
      let last = ''
      const follow = () => {
        const rect = place.getBoundingClientRect()
        const key = `${rect.left},${rect.top},${rect.width},${rect.height}`
        if (key !== last) {
          last = key
          Object.assign(target.style, {
            inset: 'auto',
            left: `${rect.left}px`,
            top: `${rect.top}px`,
            width: `${rect.width}px`,
            height: `${rect.height}px`,
          })
        }
        tracking = requestAnimationFrame(follow)
      }
      follow()
      target.style.display = 'block'
      target.removeAttribute('aria-hidden')
      target.tabIndex = 0
      target.setAttribute(DIALOG_PART_ATTRIBUTE, '')
    },
    hide,
    destroy() {
      hide()
      clearTimeout(readyTimer)
      window.removeEventListener('message', onMessage)
      failReady(new FrameError(MESSAGES.iframeNotSet))
      for (const call of [...pending.values()]) {
        call.cleanup()
        call.reject(new FrameError(MESSAGES.iframeNotSet, call.type))
      }
      frame?.remove()
      frame = undefined
      listeners.clear()
    },
  }
}
