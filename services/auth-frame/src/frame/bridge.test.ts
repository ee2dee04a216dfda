import type { FrameRequestType } from '@portico/shared-types/frame'
import { describe, expect, it, vi } from 'vitest'
import {
  type Approver,
  type BackendAnswer,
  createBridge,
  READY_REPEAT_MS,
  READY_REPEATS,
  USER_REJECTED,
} from './bridge.ts'
import { type BackendOnlyType, FRAME_REQUEST_TYPES } from './protocol.ts'

const PARENT = 'http://localhost:4173'

const TOKEN = 't'.repeat(43)

type Answer = (
  type: FrameRequestType | BackendOnlyType,
  payload: unknown,
) => BackendAnswer | Promise<BackendAnswer>

function setup(answer: Answer = () => ({ ok: true }), approver: Approver = async () => true) {
  const posted: { message: Record<string, unknown>; origin: string }[] = []
  const parent = {
    postMessage: (message: unknown, origin: string) =>
      posted.push({ message: message as Record<string, unknown>, origin }),
  }
  const calls: { type: FrameRequestType | BackendOnlyType; payload: unknown }[] = []
  let reloads = 0
  const bridge = createBridge({
    parentOrigin: PARENT,
    parent,
    call: async (type, payload) => {
      calls.push({ type, payload })
      return answer(type, payload)
    },
    approver,
    exporter: async () => {},
    passkeys: async () => ({ ok: true }),
    reload: () => reloads++,
    version: '4',
  })
  const send = (data: unknown) => bridge.handleMessage({ origin: PARENT, data, source: parent })
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return { bridge, posted, calls, send, settle, reloads: () => reloads }
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

  it('turns a backend error into an _ERROR reply with its message, and a thrown call into the behaviour reference default', async () => {
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

  it('announces a session change (SESSION_UPDATE) without any credential in it', async () => {
    const { posted, send, settle } = setup((type) =>
      type === 'CONNECT_OTP'
        ? { ok: true, session: TOKEN }
        : type === 'SIGN_OUT'
          ? { ok: true, session: null }
          : { ok: true },
    )
    send({ id: '1', type: '@portico/app/CONNECT_OTP', payload: { otp: '123456' } })
    await settle()
    send({ id: '3', type: '@portico/app/SIGN_OUT' })
    await settle()
    expect(posted.map((p) => p.message)).toEqual([
      { type: '@portico/frame/SESSION_UPDATE', payload: { connected: true } },
      { id: '1', type: '@portico/frame/CONNECT_OTP_SUCCESS', payload: undefined },
      { type: '@portico/frame/SESSION_UPDATE', payload: { connected: false } },
      { id: '3', type: '@portico/frame/SIGN_OUT_SUCCESS', payload: undefined },
    ])
    expect(JSON.stringify(posted)).not.toContain(TOKEN)
  })

  it('an unsafe request is described, shown to the user, approved once, then sent with that approval', async () => {
    const summary = { title: 'Sign a message', rows: [{ label: 'Message', value: 'hi' }] }
    const shown: unknown[] = []
    const { posted, send, settle, calls } = setup(
      (type) =>
        type === 'DESCRIBE_REQUEST'
          ? { ok: true, result: summary }
          : type === 'APPROVE_REQUEST'
            ? { ok: true, result: { approval: 'A'.repeat(43) } }
            : { ok: true, result: '0xsig' },
      async (what) => {
        shown.push(what)
        return true
      },
    )
    const params = ['0x6869', '0x0000000000000000000000000000000000000001']
    send({ id: 'u', type: '@portico/app/RPC_REQUEST', payload: { method: 'personal_sign', params } })
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    expect(shown).toEqual([summary])
    expect(calls).toEqual([
      { type: 'DESCRIBE_REQUEST', payload: { method: 'personal_sign', params } },
      { type: 'APPROVE_REQUEST', payload: { method: 'personal_sign', params } },
      { type: 'RPC_REQUEST', payload: { method: 'personal_sign', params, approval: 'A'.repeat(43) } },
    ])
    expect(posted[0]?.message).toEqual({
      id: 'u',
      type: '@portico/frame/RPC_REQUEST_SUCCESS',
      payload: '0xsig',
    })
    await settle()
  })

  it('the approval is asked with the description’s proof, for the very params described and then signed', async () => {
    const { posted, send, calls } = setup((type) =>
      type === 'DESCRIBE_REQUEST'
        ? { ok: true, result: { title: 't', rows: [], described: '1.proof' } }
        : type === 'APPROVE_REQUEST'
          ? { ok: true, result: { approval: 'A'.repeat(43) } }
          : { ok: true, result: '0xhash' },
    )
    const params = [{ to: '0x0000000000000000000000000000000000000001', value: '0x1' }]
    send({ id: 'p', type: '@portico/app/RPC_REQUEST', payload: { method: 'eth_sendTransaction', params } })
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    expect(calls.map((c) => c.payload)).toEqual([
      { method: 'eth_sendTransaction', params },
      { method: 'eth_sendTransaction', params, described: '1.proof' },
      { method: 'eth_sendTransaction', params, approval: 'A'.repeat(43) },
    ])
    // One object, never copied or rebuilt between the three calls.
    const sent = calls.map((c) => (c.payload as { params: unknown }).params)
    expect(sent[1]).toBe(sent[0])
    expect(sent[2]).toBe(sent[0])
  })

  it('a rejected request answers 4001 and asks for no approval; a safe one is sent at once', async () => {
    const { posted, send, calls } = setup(
      (type) =>
        type === 'DESCRIBE_REQUEST'
          ? { ok: true, result: { title: 't', rows: [] } }
          : { ok: true, result: 1 },
      async () => false,
    )
    send({
      id: 'r',
      type: '@portico/app/RPC_REQUEST',
      payload: { method: 'eth_sendTransaction', params: [{}] },
    })
    send({ id: 's', type: '@portico/app/RPC_REQUEST', payload: { method: 'eth_blockNumber' } })
    await vi.waitFor(() => expect(posted).toHaveLength(2))
    expect(posted.map((p) => p.message)).toContainEqual({
      id: 'r',
      type: '@portico/frame/RPC_REQUEST_ERROR',
      payload: { message: USER_REJECTED, code: 4001 },
    })
    expect(calls.map((c) => c.type).sort()).toEqual(['DESCRIBE_REQUEST', 'RPC_REQUEST'])
    expect(calls.find((c) => c.type === 'RPC_REQUEST')?.payload).toEqual({
      method: 'eth_blockNumber',
      params: undefined,
    })
  })

  it('CANCEL_REQUEST withdraws a request waiting for the user (4001), and the next one is shown after it', async () => {
    const signals: AbortSignal[] = []
    const { posted, send, calls } = setup(
      (type) => (type === 'DESCRIBE_REQUEST' ? { ok: true, result: { title: 't', rows: [] } } : { ok: true }),
      (_summary, signal) =>
        new Promise((resolve) => {
          signals.push(signal)
          signal.addEventListener('abort', () => resolve(false))
        }),
    )
    send({
      id: 'one',
      type: '@portico/app/RPC_REQUEST',
      payload: { method: 'personal_sign', params: ['0x01'] },
    })
    send({
      id: 'two',
      type: '@portico/app/RPC_REQUEST',
      payload: { method: 'personal_sign', params: ['0x02'] },
    })
    await vi.waitFor(() => expect(signals).toHaveLength(1))
    send({ id: 'c', type: '@portico/app/CANCEL_REQUEST', payload: { id: 'one' } })
    await vi.waitFor(() => expect(signals).toHaveLength(2))
    expect(posted.map((p) => p.message)).toContainEqual(
      expect.objectContaining({ id: 'one', type: '@portico/frame/RPC_REQUEST_ERROR' }),
    )
    expect(calls.filter((c) => c.type === 'APPROVE_REQUEST')).toEqual([])
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
})
