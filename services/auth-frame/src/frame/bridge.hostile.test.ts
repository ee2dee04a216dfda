import { describe, expect, it } from 'vitest'
import { type BackendAnswer, createBridge, MAX_IN_FLIGHT } from './bridge.ts'
import { MAX_MESSAGE_CHARS } from './protocol.ts'

const PARENT = 'http://localhost:4173'

function setup(call: () => Promise<BackendAnswer> = async () => ({ ok: true, result: 1 })) {
  const posted: { message: unknown; origin: string }[] = []
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) }
  let calls = 0
  const bridge = createBridge({
    parentOrigin: PARENT,
    parent,
    call: () => {
      calls++
      return call()
    },
    session: { get: () => undefined, set: () => {} },
    device: { get: () => 'D'.repeat(43), set: () => {} },
    reload: () => {},
  })
  return { bridge, parent, posted, calls: () => calls }
}
const settle = () => new Promise((r) => setTimeout(r, 0))
const valid = { id: 'x', type: '@portico/app/GET_CHAIN_ID', payload: {} }

describe('frame bridge against hostile pages', () => {
  it('ignores messages from any origin but the exact parent origin', async () => {
    const { bridge, parent, posted, calls } = setup()
    for (const origin of [
      'http://evil.example',
      'http://localhost:4174',
      'https://localhost:4173',
      'null',
      '',
      `${PARENT}/`,
      '*',
    ])
      bridge.handleMessage({ origin, data: valid, source: parent })
    await settle()
    expect(posted).toEqual([])
    expect(calls()).toBe(0)
  })

  it('ignores the parent origin when the message does not come from the parent window (e.g. a popup or sibling)', async () => {
    const { bridge, posted, calls } = setup()
    bridge.handleMessage({ origin: PARENT, data: valid, source: { postMessage() {} } })
    bridge.handleMessage({ origin: PARENT, data: valid, source: null })
    await settle()
    expect(posted).toEqual([])
    expect(calls()).toBe(0)
  })

  it('ignores malformed, unknown and oversized messages without replying', async () => {
    const { bridge, parent, posted, calls } = setup()
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    let deep: Record<string, unknown> = {}
    for (let i = 0; i < 100_000; i++) deep = { d: deep }
    for (const data of [
      null,
      'GET_CHAIN_ID',
      42,
      [],
      { type: '@portico/app/GET_CHAIN_ID' },
      { ...valid, id: 7 },
      { ...valid, id: '' },
      { ...valid, id: 'x'.repeat(129) },
      { ...valid, type: '@portico/app/EVAL' },
      { ...valid, type: '@portico/app/__proto__' },
      { ...valid, type: '@portico/frame/READY' },
      { ...valid, type: 'GET_CHAIN_ID' },
      { ...valid, payload: 'x' },
      { ...valid, payload: [] },
      { ...valid, payload: null },
      { ...valid, payload: cyclic },
      { ...valid, payload: deep },
      { ...valid, payload: { blob: 'x'.repeat(MAX_MESSAGE_CHARS) } },
      { ...valid, payload: { big: 10n } },
    ])
      bridge.handleMessage({ origin: PARENT, data, source: parent })
    await settle()
    expect(posted).toEqual([])
    expect(calls()).toBe(0)
  })

  it('replies only to the parent origin, never "*"', async () => {
    const { bridge, parent, posted } = setup()
    bridge.ready()
    bridge.handleMessage({ origin: PARENT, data: valid, source: parent })
    await settle()
    expect(posted.length).toBe(2)
    expect(posted.every((p) => p.origin === PARENT)).toBe(true)
  })

  it('caps requests in flight and ignores a repeated id while its first request runs', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const { bridge, parent, posted, calls } = setup(async () => {
      await gate
      return { ok: true }
    })
    for (let i = 0; i < MAX_IN_FLIGHT; i++)
      bridge.handleMessage({ origin: PARENT, data: { ...valid, id: `r${i}` }, source: parent })
    bridge.handleMessage({ origin: PARENT, data: { ...valid, id: 'r0' }, source: parent })
    bridge.handleMessage({ origin: PARENT, data: { ...valid, id: 'over' }, source: parent })
    await settle()
    expect(calls()).toBe(MAX_IN_FLIGHT)
    expect(posted.map((p) => p.message)).toEqual([
      {
        id: 'over',
        type: '@portico/frame/GET_CHAIN_ID_ERROR',
        payload: { message: 'Too many requests in flight' },
      },
    ])
    release()
    await settle()
    await settle()
    expect(posted).toHaveLength(MAX_IN_FLIGHT + 1)
  })
})
