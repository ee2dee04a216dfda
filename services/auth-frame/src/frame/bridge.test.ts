import type { FrameRequestType } from '@portico/shared-types'
import { describe, expect, it, vi } from 'vitest'
import {
  type BackendAnswer,
  createBridge,
  parseSessionHandle,
  READY_REPEAT_MS,
  READY_REPEATS,
  sessionHandle,
} from './bridge.ts'
import { FRAME_REQUEST_TYPES } from './protocol.ts'

const PARENT = 'http://localhost:4173'

const DEVICE = 'D'.repeat(43)
const TOKEN = 't'.repeat(43)

type Answer = (
  type: FrameRequestType,
  payload: unknown,
  token?: string,
  device?: string,
) => BackendAnswer | Promise<BackendAnswer>

function setup(answer: Answer = () => ({ ok: true })) {
  const posted: { message: Record<string, unknown>; origin: string }[] = []
  const parent = {
    postMessage: (message: unknown, origin: string) =>
      posted.push({ message: message as Record<string, unknown>, origin }),
  }
  const calls: { type: FrameRequestType; payload: unknown; token: string | undefined; device: string }[] = []
  let token: string | undefined
  let device = DEVICE
  let reloads = 0
  const bridge = createBridge({
    parentOrigin: PARENT,
    parent,
    call: async (type, payload, t, d) => {
      calls.push({ type, payload, token: t, device: d })
      return answer(type, payload, t, d)
    },
    session: { get: () => token, set: (t) => (token = t) },
    device: { get: () => device, set: (d) => (device = d) },
    reload: () => reloads++,
    version: '4',
  })
  const send = (data: unknown) => bridge.handleMessage({ origin: PARENT, data, source: parent })
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return {
    bridge,
    posted,
    calls,
    send,
    settle,
    token: () => token,
    device: () => device,
    reloads: () => reloads,
  }
}

describe('frame bridge', () => {
  it('posts READY with the version to the parent origin only', () => {
    const { bridge, posted, send } = setup()
    bridge.ready()
    expect(posted).toEqual([
      { message: { type: '@portico/frame/READY', payload: { version: '4' } }, origin: PARENT },
    ])
    send({ id: 'heard', type: '@portico/app/SYNC_THEME', payload: {} })
  })

  it('posts READY again until the parent’s first request arrives (a message lost while the page opens a window)', () => {
    vi.useFakeTimers()
    try {
      const { bridge, posted, send } = setup()
      bridge.ready()
      vi.advanceTimersByTime(READY_REPEAT_MS * 2)
      expect(posted.map((p) => p.message.type)).toEqual(Array(3).fill('@portico/frame/READY'))
      // Not a request: still announcing.
      send({ hello: true })
      vi.advanceTimersByTime(READY_REPEAT_MS)
      expect(posted).toHaveLength(4)
      send({ id: 'first', type: '@portico/app/SYNC_THEME', payload: {} })
      vi.advanceTimersByTime(READY_REPEAT_MS * 10)
      expect(posted.filter((p) => p.message.type === '@portico/frame/READY')).toHaveLength(4)
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops repeating READY after READY_REPEATS when the parent never answers', () => {
    vi.useFakeTimers()
    try {
      const { bridge, posted } = setup()
      bridge.ready()
      vi.advanceTimersByTime(READY_REPEAT_MS * (READY_REPEATS + 20))
      expect(posted).toHaveLength(READY_REPEATS + 1)
      expect(posted.every((p) => p.origin === PARENT)).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers every FrameRequests type with a _SUCCESS reply carrying the request id', async () => {
    const { posted, send, settle } = setup((type) => ({ ok: true, result: { echoed: type } }))
    for (const [i, type] of FRAME_REQUEST_TYPES.entries()) {
      send({ id: `id-${i}`, type: `@portico/app/${type}`, payload: {} })
      await settle()
    }
    const replies = posted.map((p) => p.message)
    for (const [i, type] of FRAME_REQUEST_TYPES.entries())
      expect(replies).toContainEqual(
        expect.objectContaining({ id: `id-${i}`, type: `@portico/frame/${type}_SUCCESS` }),
      )
    expect(posted.every((p) => p.origin === PARENT)).toBe(true)
  })

  it('turns a backend error into an _ERROR reply with its message, and a thrown call into the SPEC default', async () => {
    const { posted, send, settle } = setup((type) => {
      if (type === 'GET_USER') throw new Error('network down')
      return { ok: false, error: 'Invalid code' }
    })
    send({ id: 'a', type: '@portico/app/CONNECT_OTP', payload: { otp: '1' } })
    send({ id: 'b', type: '@portico/app/GET_USER', payload: {} })
    await settle()
    expect(posted.map((p) => p.message)).toEqual([
      { id: 'a', type: '@portico/frame/CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } },
      { id: 'b', type: '@portico/frame/GET_USER_ERROR', payload: { message: 'An error occurred' } },
    ])
  })

  it('keeps a new session token, sends it with later calls, announces it (SESSION_UPDATE) and drops it on sign-out', async () => {
    const { posted, send, settle, calls, token } = setup((type) =>
      type === 'CONNECT_OTP'
        ? { ok: true, session: TOKEN }
        : type === 'SIGN_OUT'
          ? { ok: true, session: null }
          : { ok: true },
    )
    send({ id: '1', type: '@portico/app/CONNECT_OTP', payload: { otp: '123456' } })
    await settle()
    expect(posted.map((p) => p.message)).toEqual([
      { type: '@portico/frame/SESSION_UPDATE', payload: { token: sessionHandle(TOKEN, DEVICE) } },
      { id: '1', type: '@portico/frame/CONNECT_OTP_SUCCESS', payload: undefined },
    ])
    expect(token()).toBe(TOKEN)
    send({ id: '2', type: '@portico/app/GET_USER', payload: {} })
    await settle()
    expect(calls[1]).toMatchObject({ type: 'GET_USER', token: TOKEN, device: DEVICE })
    send({ id: '3', type: '@portico/app/SIGN_OUT' })
    await settle()
    expect(token()).toBeUndefined()
  })

  it('answers SYNC_THEME, SYNC_DAPP_DATA and RELOAD itself', async () => {
    const { bridge, posted, send, settle, calls, reloads } = setup()
    send({ id: 't', type: '@portico/app/SYNC_THEME', payload: { themeMode: 'light', themeVariables: {} } })
    send({
      id: 'd',
      type: '@portico/app/SYNC_DAPP_DATA',
      payload: { projectId: 'p', sdkType: 'portico', sdkVersion: '1' },
    })
    send({ id: 'r', type: '@portico/app/RELOAD' })
    await settle()
    expect(calls).toEqual([])
    expect(posted.map((p) => p.message.type)).toEqual([
      '@portico/frame/SYNC_THEME_SUCCESS',
      '@portico/frame/SYNC_DAPP_DATA_SUCCESS',
      '@portico/frame/RELOAD_SUCCESS',
    ])
    expect(bridge.synced()).toMatchObject({ theme: { themeMode: 'light' }, dappData: { projectId: 'p' } })
    expect(reloads()).toBe(1)
  })

  it('IS_CONNECTED {token} with the app copy of a session resumes it as its device (storage-less browsers)', async () => {
    const otherDevice = 'E'.repeat(43)
    const live = sessionHandle(TOKEN, otherDevice)
    const { send, settle, posted, calls, token, device } = setup((type, _p, t, d) =>
      type === 'IS_CONNECTED'
        ? { ok: true, result: { isConnected: t === TOKEN && d === otherDevice } }
        : { ok: true },
    )
    send({
      id: 'bad',
      type: '@portico/app/IS_CONNECTED',
      payload: { token: sessionHandle('u'.repeat(43), otherDevice) },
    })
    await settle()
    expect(token()).toBeUndefined()
    expect(device()).toBe(DEVICE)
    send({ id: 'good', type: '@portico/app/IS_CONNECTED', payload: { token: live } })
    await settle()
    expect(posted.map((p) => p.message)).toContainEqual({
      id: 'good',
      type: '@portico/frame/IS_CONNECTED_SUCCESS',
      payload: { isConnected: true },
    })
    expect(token()).toBe(TOKEN)
    expect(device()).toBe(otherDevice)
    send({ id: 'next', type: '@portico/app/GET_USER', payload: {} })
    await settle()
    expect(calls.at(-1)).toMatchObject({ type: 'GET_USER', token: TOKEN, device: otherDevice })
  })

  it('reads a session handle only in its exact form', () => {
    expect(parseSessionHandle(sessionHandle(TOKEN, DEVICE))).toEqual({ token: TOKEN, device: DEVICE })
    for (const bad of [
      TOKEN,
      `${TOKEN}.`,
      `${TOKEN}.${DEVICE}.x`,
      `${TOKEN}.${'!'.repeat(43)}`,
      5,
      null,
      undefined,
    ])
      expect(parseSessionHandle(bad), String(bad)).toBeUndefined()
  })

  it('SIGN_OUT {token} ends the app copy when the frame has no session of its own', async () => {
    const otherDevice = 'E'.repeat(43)
    const { send, settle, calls, posted } = setup(() => ({ ok: true, session: null }))
    send({ id: 'o', type: '@portico/app/SIGN_OUT', payload: { token: sessionHandle(TOKEN, otherDevice) } })
    await settle()
    expect(calls).toEqual([{ type: 'SIGN_OUT', payload: {}, token: TOKEN, device: otherDevice }])
    expect(posted.map((p) => p.message)).toEqual([
      { id: 'o', type: '@portico/frame/SIGN_OUT_SUCCESS', payload: undefined },
    ])
  })
})
