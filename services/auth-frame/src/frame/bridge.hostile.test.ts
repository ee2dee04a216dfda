import { describe, expect, it, vi } from 'vitest'
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
    approver: async () => false,
    exporter: async () => {},
    passkeys: async () => ({ ok: true }),
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

  it('never forwards an approval the page put in RPC_REQUEST: the user is asked, and a rejection signs nothing', async () => {
    const seen: { type: string; payload: unknown }[] = []
    const posted: { message: unknown; origin: string }[] = []
    const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) }
    let asked = 0
    const bridge = createBridge({
      parentOrigin: PARENT,
      parent,
      call: async (type, payload) => {
        seen.push({ type, payload })
        return type === 'DESCRIBE_REQUEST'
          ? { ok: true, result: { title: 't', rows: [] } }
          : { ok: true, result: 1 }
      },
      approver: async () => {
        asked++
        return false
      },
      exporter: async () => {},
      passkeys: async () => ({ ok: true }),
      reload: () => {},
    })
    const forged = 'F'.repeat(43)
    bridge.handleMessage({
      origin: PARENT,
      source: parent,
      data: {
        id: 'steal',
        type: '@portico/app/RPC_REQUEST',
        payload: { method: 'eth_sendTransaction', params: [{ to: '0x01', value: '0x1' }], approval: forged },
      },
    })
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    expect(asked).toBe(1)
    expect(seen.map((c) => c.type)).toEqual(['DESCRIBE_REQUEST'])
    expect(JSON.stringify(seen)).not.toContain(forged)
    expect(posted[0]?.message).toMatchObject({ payload: { code: 4001 } })
  })

  it('never forwards a token the page sends with IS_CONNECTED or SIGN_OUT', async () => {
    const seen: unknown[] = []
    const parent = { postMessage: () => {} }
    const bridge = createBridge({
      parentOrigin: PARENT,
      parent,
      call: async (_type, payload) => {
        seen.push(payload)
        return { ok: true, result: { isConnected: false } }
      },
      approver: async () => false,
      exporter: async () => {},
      passkeys: async () => ({ ok: true }),
      reload: () => {},
    })
    const stolen = `${'t'.repeat(43)}.${'d'.repeat(43)}`
    for (const type of ['IS_CONNECTED', 'SIGN_OUT'])
      bridge.handleMessage({
        origin: PARENT,
        source: parent,
        data: { id: type, type: `@portico/app/${type}`, payload: { token: stolen } },
      })
    await settle()
    expect(seen).toEqual([{}, {}])
  })

  it('the key export answers the page with nothing but its end: no key, whatever the backend returned', async () => {
    const posted: unknown[] = []
    const parent = { postMessage: (message: unknown) => posted.push(message) }
    const secret = `0x${'ab'.repeat(32)}`
    const bridge = createBridge({
      parentOrigin: PARENT,
      parent,
      call: async () => ({ ok: true }),
      approver: async () => false,
      exporter: async (call) => {
        // The export view's own backend calls: the keys stay in the frame.
        await call('EXPORT_KEY', { otp: '123456' })
      },
      passkeys: async () => ({ ok: true }),
      reload: () => {},
    })
    bridge.handleMessage({
      origin: PARENT,
      source: parent,
      data: { id: 'x', type: '@portico/app/SHOW_KEY_EXPORT' },
    })
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({ id: 'x', type: '@portico/frame/SHOW_KEY_EXPORT_SUCCESS', payload: undefined })
    expect(JSON.stringify(posted)).not.toContain(secret)
  })

  it('a passkey login answers the page with { connected } only: the session token stays in the frame', async () => {
    const posted: unknown[] = []
    const parent = { postMessage: (message: unknown) => posted.push(message) }
    const purposes: string[] = []
    const bridge = createBridge({
      parentOrigin: PARENT,
      parent,
      call: async () => ({ ok: true }),
      approver: async () => false,
      exporter: async () => {},
      passkeys: async (purpose) => {
        purposes.push(String(purpose))
        return { ok: true, session: 'secret-session-token', result: { connected: true, added: false } }
      },
      reload: () => {},
    })
    bridge.handleMessage({
      origin: PARENT,
      source: parent,
      // Only the purpose reaches the view (anything but 'add' is its connect view), nothing else.
      data: {
        id: 'p',
        type: '@portico/app/SHOW_PASSKEY',
        payload: { purpose: 'PASSKEY_LOGIN', response: {} },
      },
    })
    await vi.waitFor(() => expect(posted).toHaveLength(2))
    expect(purposes).toEqual(['PASSKEY_LOGIN'])
    expect(JSON.stringify(posted)).not.toContain('secret-session-token')
    expect(posted).toEqual([
      { type: '@portico/frame/SESSION_UPDATE', payload: { connected: true } },
      { id: 'p', type: '@portico/frame/SHOW_PASSKEY_SUCCESS', payload: { connected: true, added: false } },
    ])
  })

  it('the page cannot call the passkey ceremonies itself: they are not requests it may send', async () => {
    const calls: string[] = []
    const posted: unknown[] = []
    const parent = { postMessage: (message: unknown) => posted.push(message) }
    const bridge = createBridge({
      parentOrigin: PARENT,
      parent,
      call: async (type) => {
        calls.push(type)
        return { ok: true }
      },
      approver: async () => false,
      exporter: async () => {},
      passkeys: async () => ({ ok: true }),
      reload: () => {},
    })
    for (const type of ['PASSKEY_REGISTER_START', 'PASSKEY_REGISTER', 'PASSKEY_LOGIN_START', 'PASSKEY_LOGIN'])
      bridge.handleMessage({
        origin: PARENT,
        source: parent,
        data: { id: type, type: `@portico/app/${type}` },
      })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(calls).toEqual([])
    expect(posted).toEqual([])
  })
})
