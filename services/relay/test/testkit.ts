/**
 * Test helpers for the relay's hostile-input suites (`*.hostile.test.ts`): relays and clients
 * closed after each test, a raw client that stops reading, polling for a condition.
 */
import { createHash, randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { generateKeyPair, type Keypair } from '@walletconnect/relay-auth'
import { afterEach } from 'vitest'
import {
  connectRelayClient,
  type RelayClient,
  type RelayClientOptions,
  relayConnectUrl,
  signRelayJwt,
} from '../src/client.ts'
import { type Relay, type RelayOptions, startRelay } from '../src/relay.ts'

const cleanups: Array<() => Promise<unknown> | unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

export const topic = (): string => createHash('sha256').update(`topic-${Math.random()}`).digest('hex')

export async function relayFor(options: RelayOptions = {}): Promise<Relay> {
  const relay = await startRelay(options)
  cleanups.push(() => relay.close())
  return relay
}

export async function clientOf(relay: Relay, opts: RelayClientOptions = {}): Promise<RelayClient> {
  const c = await connectRelayClient(relay.url, { timeoutMs: 10_000, ...opts })
  cleanups.push(() => c.close())
  return c
}

export function onCleanup(fn: () => Promise<unknown> | unknown): void {
  cleanups.push(fn)
}

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = check()
    if (v !== undefined && v !== false) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * A round trip on `c`'s own socket: every frame the relay wrote to it before answering has
 * arrived once this resolves (one TCP stream, in order).
 */
export const barrier = (c: RelayClient): Promise<unknown> =>
  c.request('irn_unsubscribe', { topic: 'barrier' })

/** A masked client text frame (RFC 6455 §5.2). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const len = payload.length
  let head: Buffer
  if (len < 126) head = Buffer.from([0x81, 0x80 | len])
  else if (len < 65_536) head = Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff])
  else {
    head = Buffer.alloc(10)
    head[0] = 0x81
    head[1] = 0x80 | 127
    head.writeBigUInt64BE(BigInt(len), 2)
  }
  const masked = Buffer.alloc(len)
  for (let i = 0; i < len; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0)
  return Buffer.concat([head, mask, masked])
}

/**
 * A WebSocket client written by hand over TCP that subscribes to `topics`, reads the answer and
 * then never reads again (its socket is paused): the slow reader of the backpressure attack.
 */
export async function slowReader(
  relay: Relay,
  topics: string[],
  keyPair: Keypair = generateKeyPair(),
): Promise<Socket> {
  const jwt = await signRelayJwt(keyPair, relay.url)
  const u = new URL(relayConnectUrl(relay.url, jwt, { ua: 'slow-reader' }))
  const socket = connect(Number(u.port), u.hostname)
  socket.on('error', () => {})
  cleanups.push(() => socket.destroy())
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok)
    socket.once('error', fail)
  })
  socket.write(
    `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  let received = ''
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no subscribe answer: ${received.slice(0, 200)}`)), 10_000)
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1')
      if (received.includes('"result"')) {
        clearTimeout(timer)
        socket.off('data', onData)
        socket.pause()
        ok()
      }
    }
    socket.on('data', onData)
    socket.write(
      textFrame(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_batchSubscribe', params: { topics } })),
    )
  })
  return socket
}
