/**
 * Test only: a fake auth-frame peer in jsdom. It takes what the app posts to the iframe's window and
 * answers through real `message` events on the app's window whose origin and source are the frame's.
 */
import { vi } from 'vitest'

export const FRAME_ORIGIN = 'https://frame.test'
export const FRAME_URL = `${FRAME_ORIGIN}/frame`

export interface PostedMessage {
  id: string
  type: string
  payload: unknown
}

export type Handler = (
  message: PostedMessage,
) => { ok: true; payload?: unknown } | { ok: false; message?: string; code?: number } | undefined

export interface FramePeer {
  iframe(): HTMLIFrameElement
  posted: PostedMessage[]
  targetOrigins: string[]
  /** Sends a frame → app message (origin and source default to the frame's). */
  send(data: unknown, from?: { origin?: string; source?: MessageEventSource | null }): void
  ready(): void
  /** Answers every later request of `type` (undefined: leave it unanswered). */
  handle(type: string, handler: Handler): void
}

/** Call after the client appended its iframe to `container`. */
export function attachPeer(container: ParentNode = document.body): FramePeer {
  const handlers = new Map<string, Handler>()
  const peer: FramePeer = {
    iframe() {
      const frame = container.querySelector('iframe')
      if (!frame) throw new Error('no iframe')
      return frame
    },
    posted: [],
    targetOrigins: [],
    send(data, from = {}) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data,
          origin: from.origin ?? FRAME_ORIGIN,
          source: from.source === undefined ? peer.iframe().contentWindow : from.source,
        }),
      )
    },
    ready() {
      peer.send({ type: '@portico/frame/READY', payload: { version: '1' } })
    },
    handle(type, handler) {
      handlers.set(type, handler)
    },
  }
  const target = peer.iframe().contentWindow
  if (!target) throw new Error('no contentWindow')
  vi.spyOn(target, 'postMessage').mockImplementation(((message: PostedMessage, targetOrigin: string) => {
    peer.posted.push(message)
    peer.targetOrigins.push(targetOrigin)
    const type = message.type.replace('@portico/app/', '')
    const answer = handlers.get(type)?.(message)
    if (!answer) return
    queueMicrotask(() =>
      peer.send(
        answer.ok
          ? { id: message.id, type: `@portico/frame/${type}_SUCCESS`, payload: answer.payload }
          : {
              id: message.id,
              type: `@portico/frame/${type}_ERROR`,
              payload: { message: answer.message, ...(answer.code !== undefined && { code: answer.code }) },
            },
      ),
    )
  }) as never)
  return peer
}

/** Once the app has added its iframe: a peer answering with `handlers`, READY posted. */
export async function readyPeer(handlers: Record<string, Handler>): Promise<FramePeer> {
  await vi.waitFor(() => {
    if (!document.querySelector('iframe')) throw new Error('no iframe yet')
  })
  const peer = attachPeer()
  for (const [type, handler] of Object.entries(handlers)) peer.handle(type, handler)
  peer.ready()
  return peer
}
