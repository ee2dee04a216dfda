/** Hostile frames against a running relay: it answers each with a JSON-RPC error and stays up. */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { clientOf, onCleanup, relayFor, topic, until } from '../test/testkit.ts'
import { connectRelayClient } from './client.ts'
import { MAX_DEPTH } from './jsonrpc.ts'
import { LocalFanOut } from './storage/fanout.ts'
import { SqliteStore } from './storage/sqlite.ts'
import type { AddResult, PublishInput, StoreQuota } from './storage/types.ts'

const frame = (params: string, id: unknown = 1, method = 'irn_subscribe') =>
  `{"id":${JSON.stringify(id)},"jsonrpc":"2.0","method":"${method}","params":${params}}`

describe('relay frames: deep nesting', () => {
  it.each([
    ['arrays 4,000 deep (8 KB)', `{"topic":"t","x":${'['.repeat(4000)}${']'.repeat(4000)}}`],
    ['objects 100,000 deep', `{"topic":"t","x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`],
    ['arrays 1,000,000 deep (2 MB)', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`],
  ])('%s → -32600, and the same socket is still served', async (_name, params) => {
    const relay = await relayFor()
    const c = await clientOf(relay)
    expect(await c.sendRaw(frame(params, 7))).toEqual({
      id: null,
      jsonrpc: '2.0',
      error: { code: -32600, message: `Invalid request: nesting deeper than ${MAX_DEPTH} levels` },
    })
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
    expect(relay.stats().connections).toBe(1)
  })
})

describe('relay process: one hostile frame does not kill it', () => {
  it('the relay CLI answers an 8 KB frame nested 4,000 deep and keeps serving', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', cli], {
      env: { ...process.env, PORTICO_RELAY_PORT: '0', PORTICO_RELAY_DATA: 'memory', PORTICO_RELAY_LOG: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    })
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    const url = await until(
      'the relay to start',
      () => /relay ready at (ws:\/\/[^\s"]+)/.exec(out)?.[1],
      30_000,
    )
    const c = await connectRelayClient(url)
    onCleanup(() => c.close())
    const deep = `{"topic":"t","x":${'['.repeat(4000)}${']'.repeat(4000)}}`
    expect(Buffer.byteLength(frame(deep))).toBeLessThan(8300)
    expect(await c.sendRaw(frame(deep, 3))).toMatchObject({ id: null, error: { code: -32600 } })
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
    expect(child.exitCode).toBeNull()
    const health = await fetch(`${url.replace('ws:', 'http:')}/health`)
    expect(health.status).toBe(200)
  })
})

describe('relay frames: response id injection', () => {
  it('a string id carrying the big-integer marker is echoed as that string, no forged result', async () => {
    const relay = await relayFor()
    const c = await clientOf(relay)
    const id = '\u0000bigint:1,"result":"forged","x":1'
    const reply = (await c.sendRaw(frame('{}', id, 'irn_teleport'))) as Record<string, unknown>
    expect(reply).toEqual({
      id,
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found: irn_teleport' },
    })
    expect('result' in reply).toBe(false)
  })
})

describe('relay frames: __proto__ in params', () => {
  it('does not become the params prototype: no subscription to "polluted", nothing published', async () => {
    const relay = await relayFor()
    const c = await clientOf(relay)
    expect(await c.sendRaw(frame('{"__proto__":{"topic":"polluted"}}'))).toMatchObject({
      id: 1,
      error: { code: -32602, message: '"topic" must be a non-empty string' },
    })
    expect(relay.stats().subscriptions).toBe(0)
    expect(
      await c.sendRaw(frame('{"__proto__":{"topic":"polluted","message":"m","ttl":60}}', 2, 'irn_publish')),
    ).toMatchObject({ id: 2, error: { code: -32602 } })
    const other = await clientOf(relay)
    expect(await other.request('irn_fetchMessages', { topic: 'polluted' })).toEqual({
      messages: [],
      hasMore: false,
    })
  })
})

describe('relay frames: the guard around every handler', () => {
  /** A store that fails like a bug would (a TypeError) for one topic. */
  class BrokenStore extends SqliteStore {
    override add(inputs: readonly PublishInput[], quota: StoreQuota, now?: number): Promise<AddResult[]> {
      if (inputs.some((i) => i.topic === 'boom')) throw new TypeError('store blew up')
      return super.add(inputs, quota, now)
    }
  }

  it('an exception in a handler → -32603 and a log line; the process and the socket stay up', async () => {
    const lines: string[] = []
    const relay = await relayFor({
      backend: { store: new BrokenStore(':memory:'), fanOut: new LocalFanOut() },
      log: (line) => lines.push(line),
    })
    const c = await clientOf(relay)
    expect(await c.sendRaw(frame('{"topic":"boom","message":"m","ttl":60}', 9, 'irn_publish'))).toEqual({
      id: 9,
      jsonrpc: '2.0',
      error: { code: -32603, message: 'Internal error: the relay could not handle this request' },
    })
    expect(lines.some((l) => l.includes('irn_publish failed: TypeError: store blew up'))).toBe(true)
    expect(relay.stats().handlerFailures).toBe(1)
    expect(await c.request('irn_publish', { topic: topic(), message: 'fine', ttl: 60 })).toBe(true)
  })

  it('binary frames, garbage and notifications never throw', async () => {
    const relay = await relayFor()
    const c = await clientOf(relay)
    c.ws.send(Buffer.from([0, 1, 2]), { binary: true })
    expect(await until('the binary frame answer', () => c.unmatched[0])).toMatchObject({
      id: null,
      error: { code: -32600, message: 'Invalid request: binary frames are not supported' },
    })
    expect(await c.sendRaw('\u0000\u0001')).toMatchObject({ id: null, error: { code: -32700 } })
    c.ws.send(frame(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, undefined))
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
  })
})
