import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJWT, encodeJWT, generateKeyPair } from '@walletconnect/relay-auth'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  connectRelayClient,
  type RelayClient,
  type RelayClientOptions,
  RelayConnectError,
  RelayRpcError,
  signRelayJwt,
} from '../src/client.ts'
import { type Relay, startRelay, TAGS } from '../src/index.ts'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const topic = () => sha256(`topic-${Math.random()}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let relay: Relay
const open: RelayClient[] = []
async function client(opts: RelayClientOptions = {}): Promise<RelayClient> {
  const c = await connectRelayClient(relay.url, { timeoutMs: 5000, ...opts })
  open.push(c)
  return c
}
async function refusal(opts: RelayClientOptions): Promise<RelayConnectError> {
  const error = await connectRelayClient(relay.url, opts).then(
    () => {
      throw new Error('connection was accepted')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RelayConnectError)
  return error as RelayConnectError
}
/** Waits long enough for a delivery that should not come to have arrived. */
const quiet = () => sleep(150)

beforeAll(async () => {
  relay = await startRelay({ sweepIntervalMs: 100 })
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await relay.close()
})

describe('authentication', () => {
  it('accepts a JWT signed like the SDK does, at the root path and under another path', async () => {
    const c = await client()
    expect(c.clientId).toMatch(/^did:key:z6Mk/)
    const other = await connectRelayClient(`${relay.url}/relay/v1`, { audience: relay.url })
    open.push(other)
    expect(await other.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a missing, tampered, expired or foreign-audience JWT with HTTP 401', async () => {
    const before = relay.stats().authFailures
    const keyPair = generateKeyPair()
    const good = await signRelayJwt(keyPair, relay.url)

    const missing = await refusal({ jwt: '' })
    expect(missing.refusal.status).toBe(401)
    expect(missing.refusal.body).toContain('JWT is missing')

    // Same header and signature, a different payload: the signature no longer matches.
    const decoded = decodeJWT(good)
    const tampered = encodeJWT({ ...decoded, payload: { ...decoded.payload, sub: 'someone-else' } })
    const bad = await refusal({ jwt: tampered })
    expect(bad.refusal.status).toBe(401)
    expect(bad.refusal.body).toContain('signature is invalid')

    // Signed by one key, claiming another key as issuer.
    const other = generateKeyPair()
    const otherIss = decodeJWT(await signRelayJwt(other, relay.url)).payload.iss
    const impostor = encodeJWT({ ...decoded, payload: { ...decoded.payload, iss: otherIss } })
    expect((await refusal({ jwt: impostor })).refusal.body).toContain('signature is invalid')

    const expired = await refusal({ keyPair, ttlSeconds: -10 })
    expect(expired.refusal.status).toBe(401)
    expect(expired.refusal.body).toContain('JWT expired')

    const foreign = await refusal({ keyPair, audience: 'wss://relay.walletconnect.org' })
    expect(foreign.refusal.body).toContain('audience')

    const noProject = await refusal({ keyPair, projectId: '' })
    expect(noProject.refusal.body).toContain('Project ID is missing')

    expect(relay.stats().authFailures - before).toBe(6)
  })

  it('with useOnCloseEvent=true refuses by closing with code 3000 and the reason, as the SDK expects', async () => {
    const error = await refusal({ ttlSeconds: -10, useOnCloseEvent: true })
    expect(error.refusal.closeCode).toBe(3000)
    expect(error.refusal.closeReason).toBe('Authorization error: JWT expired')
  })

  it('accepts "localhost" for 127.0.0.1 in the audience', async () => {
    const c = await client({ audience: relay.url.replace('127.0.0.1', 'localhost') })
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('JSON-RPC errors', () => {
  it('answers an unknown method with -32601', async () => {
    const c = await client()
    const error = await c.request('irn_teleport', { topic: topic() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RelayRpcError)
    expect(error).toMatchObject({ code: -32601, message: 'Method not found: irn_teleport' })
  })

  it('answers bad params with -32602 naming the field', async () => {
    const c = await client()
    const cases: Array<[string, unknown, string]> = [
      ['irn_subscribe', {}, '"topic" must be a non-empty string'],
      ['irn_subscribe', ['abc'], 'params must be an object'],
      ['irn_publish', { topic: topic(), message: 'm' }, '"ttl" must be an integer'],
      ['irn_publish', { topic: topic(), message: 'm', ttl: 0 }, '"ttl" must be an integer'],
      ['irn_publish', { topic: topic(), message: '', ttl: 10 }, '"message" must be a non-empty string'],
      [
        'irn_publish',
        { topic: topic(), message: 'm', ttl: 10, tag: 'x' },
        '"tag" must be a non-negative integer',
      ],
      ['irn_publish', { topic: topic(), message: 'm', ttl: 10, prompt: 1 }, '"prompt" must be a boolean'],
      ['irn_batchSubscribe', { topics: 'abc' }, '"topics" must be an array'],
      ['irn_batchPublish', { messages: [{ topic: 'a', message: 'b' }] }, 'messages[0]: "ttl"'],
      ['irn_batchUnsubscribe', { subscriptions: [{ id: 'x' }] }, 'subscriptions[0]: "topic"'],
      ['wc_approveSession', { sessionTopic: topic(), pairingTopic: topic() }, '"sessionProposalResponse"'],
    ]
    for (const [method, params, message] of cases) {
      const error = await c.request(method, params).catch((e: unknown) => e)
      expect(error, method).toBeInstanceOf(RelayRpcError)
      expect((error as RelayRpcError).code, method).toBe(-32602)
      expect((error as RelayRpcError).message, method).toContain(message)
    }
  })

  it('answers malformed JSON with -32700 and a non-request object with -32600', async () => {
    const c = await client()
    expect(await c.sendRaw('{"id":1,"method":')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await c.sendRaw('[1,2]')).toMatchObject({ error: { code: -32600 } })
    expect(await c.sendRaw('{"id":7,"jsonrpc":"2.0"}')).toMatchObject({ id: 7, error: { code: -32600 } })
  })

  it('echoes request ids bigger than 2^53 digit for digit (the SDK uses such ids)', async () => {
    const c = await client()
    const reply = await c.sendRaw(
      '{"id":1762345678901234567,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"abc"}}',
    )
    expect(reply).toBeDefined()
    const frames: string[] = []
    c.ws.on('message', (d) => frames.push(d.toString()))
    c.ws.send(
      '{"id":1762345678901234999,"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"abc"}}',
    )
    await sleep(100)
    expect(frames[0]).toContain('"id":1762345678901234999,')
    expect(frames[0]).toContain('"result":true')
  })
})

describe('subscribe, publish and deliver', () => {
  it('subscription id is sha256(topic + clientId) and deliveries have the SDK shape', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const t = topic()
    const id = await b.request<string>('irn_subscribe', { topic: t })
    expect(id).toBe(sha256(t + b.clientId))
    expect(
      await a.request('irn_publish', { topic: t, message: 'aGVsbG8=', ttl: 300, tag: 1108, prompt: true }),
    ).toBe(true)
    const [d] = await b.waitForDeliveries(1)
    expect(d).toMatchObject({ subscriptionId: id, topic: t, message: 'aGVsbG8=', tag: 1108, attestation: '' })
    expect(Math.abs((d?.publishedAt ?? 0) - Date.now())).toBeLessThan(5000)
  })

  it('delivers stored messages at once on subscribe, oldest first', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const t = topic()
    await a.request('irn_publish', { topic: t, message: 'first', ttl: 60 })
    await sleep(5)
    await a.request('irn_batchPublish', { messages: [{ topic: t, message: 'second', ttl: 60, tag: 7 }] })
    await b.request('irn_batchSubscribe', { topics: [t, topic()] })
    const ds = await b.waitForDeliveries(2)
    expect(ds.map((d) => [d.message, d.tag])).toEqual([
      ['first', 0],
      ['second', 7],
    ])
  })

  it('never echoes a message to its publisher, even when subscribed or reconnected', async () => {
    const keyPair = generateKeyPair()
    const [a, b] = await Promise.all([client({ keyPair }), client()])
    const t = topic()
    await Promise.all([a.request('irn_subscribe', { topic: t }), b.request('irn_subscribe', { topic: t })])
    await a.request('irn_publish', { topic: t, message: 'from-a', ttl: 60 })
    await b.waitForDeliveries(1)
    const again = await client({ keyPair })
    await again.request('irn_subscribe', { topic: t })
    await quiet()
    expect(a.deliveries).toHaveLength(0)
    expect(again.deliveries).toHaveLength(0)
  })

  it('deduplicates: a republished message reaches a subscriber once', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    await a.request('irn_publish', { topic: t, message: 'same', ttl: 60 })
    await a.request('irn_publish', { topic: t, message: 'same', ttl: 60 })
    await b.waitForDeliveries(1)
    await b.request('irn_subscribe', { topic: t })
    await quiet()
    expect(b.deliveries).toHaveLength(1)
  })

  it('does not redeliver acknowledged messages, and resends unacknowledged ones on reconnect', async () => {
    const keyPair = generateKeyPair()
    const a = await client()
    const t = topic()
    await a.request('irn_publish', { topic: t, message: 'acked', ttl: 60 })
    const b1 = await client({ keyPair })
    await b1.request('irn_subscribe', { topic: t })
    await b1.waitForDeliveries(1)
    await sleep(50) // let the ack reach the relay
    await b1.close()

    const b2 = await client({ keyPair, autoAck: false })
    await b2.request('irn_subscribe', { topic: t })
    await a.request('irn_publish', { topic: t, message: 'not-acked', ttl: 60 })
    await b2.waitForDeliveries(1)
    // Resubscribing on the same connection does not duplicate a delivery still in flight.
    await b2.request('irn_subscribe', { topic: t })
    await quiet()
    expect(b2.deliveries.map((d) => d.message)).toEqual(['not-acked'])
    await b2.close()

    const b3 = await client({ keyPair })
    await b3.request('irn_subscribe', { topic: t })
    await b3.waitForDeliveries(1)
    await quiet()
    expect(b3.deliveries.map((d) => d.message)).toEqual(['not-acked'])
  })

  it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const [t1, t2] = [topic(), topic()]
    const [id1, id2] = await b.request<string[]>('irn_batchSubscribe', { topics: [t1, t2] })
    expect(await b.request('irn_unsubscribe', { topic: t1, id: id1 })).toBe(true)
    expect(await b.request('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: id2 }] })).toBe(true)
    await a.request('irn_publish', { topic: t1, message: 'x', ttl: 60 })
    await a.request('irn_publish', { topic: t2, message: 'y', ttl: 60 })
    await quiet()
    expect(b.deliveries).toHaveLength(0)
  })

  it('drops messages whose TTL ran out: not delivered, swept from the store', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const t = topic()
    const before = relay.stats().expired
    await a.request('irn_publish', { topic: t, message: 'short', ttl: 1 })
    await a.request('irn_publish', { topic: t, message: 'long', ttl: 60 })
    await sleep(1100)
    await b.request('irn_subscribe', { topic: t })
    await b.waitForDeliveries(1)
    await sleep(250)
    expect(b.deliveries.map((d) => d.message)).toEqual(['long'])
    expect(relay.stats().expired - before).toBeGreaterThanOrEqual(1)
  })

  it('irn_fetchMessages / irn_batchFetchMessages return { messages, hasMore } and count as delivered', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const [t1, t2] = [topic(), topic()]
    await a.request('irn_publish', { topic: t1, message: 'one', ttl: 60, tag: 3 })
    await a.request('irn_publish', { topic: t2, message: 'two', ttl: 60 })
    const single = await b.request<{ messages: Array<Record<string, unknown>>; hasMore: boolean }>(
      'irn_fetchMessages',
      { topic: t1 },
    )
    expect(single.hasMore).toBe(false)
    expect(single.messages).toEqual([
      { topic: t1, message: 'one', publishedAt: expect.any(Number), tag: 3, attestation: '' },
    ])
    const batch = await b.request<{ messages: Array<{ message: string }>; hasMore: boolean }>(
      'irn_batchFetchMessages',
      { topics: [t1, t2] },
    )
    expect(batch).toMatchObject({ hasMore: false, messages: [{ message: 'two' }] })
    await b.request('irn_batchSubscribe', { topics: [t1, t2] })
    await quiet()
    expect(b.deliveries).toHaveLength(0)
  })

  it('irn_fetchMessages pages with hasMore', async () => {
    const [a, b] = await Promise.all([client(), client()])
    const t = topic()
    await a.request('irn_batchPublish', {
      messages: Array.from({ length: 600 }, (_, i) => ({ topic: t, message: `m${i}`, ttl: 60 })),
    })
    const first = await b.request<{ messages: unknown[]; hasMore: boolean }>('irn_fetchMessages', {
      topic: t,
    })
    expect(first.messages).toHaveLength(500)
    expect(first.hasMore).toBe(true)
    const second = await b.request<{ messages: unknown[]; hasMore: boolean }>('irn_fetchMessages', {
      topic: t,
    })
    expect(second.messages).toHaveLength(100)
    expect(second.hasMore).toBe(false)
  })
})

describe('wc_proposeSession / wc_approveSession', () => {
  it('stores the proposal (1100), answers on the pairing topic (1101), settles on the session topic (1102)', async () => {
    const [dapp, wallet] = await Promise.all([client(), client()])
    const pairingTopic = topic()
    const sessionTopic = topic()
    expect(
      await dapp.request('wc_proposeSession', {
        pairingTopic,
        sessionProposal: 'proposal',
        ttl: 300,
        attestation: 'ignored',
        correlationId: 1,
      }),
    ).toBe(true)
    // The wallet pairs later and finds the proposal waiting.
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    const [proposal] = await wallet.waitForDeliveries(1)
    expect(proposal).toMatchObject({ topic: pairingTopic, message: 'proposal', tag: TAGS.sessionPropose })

    expect(
      await wallet.request('wc_approveSession', {
        sessionTopic,
        pairingTopic,
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
        ttl: 300,
      }),
    ).toBe(true)
    // The dapp was subscribed to the pairing topic by wc_proposeSession.
    const [response] = await dapp.waitForDeliveries(1)
    expect(response).toMatchObject({
      topic: pairingTopic,
      message: 'response',
      tag: TAGS.sessionProposeResponse,
      subscriptionId: sha256(pairingTopic + dapp.clientId),
    })
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    const [, settle] = await dapp.waitForDeliveries(2)
    expect(settle).toMatchObject({ topic: sessionTopic, message: 'settle', tag: TAGS.sessionSettle })

    // The wallet was subscribed to the session topic by wc_approveSession.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'settle-ack', ttl: 300, tag: 1103 })
    const [, ack] = await wallet.waitForDeliveries(2)
    expect(ack).toMatchObject({ topic: sessionTopic, message: 'settle-ack', tag: 1103 })
    await quiet()
    expect(wallet.deliveries).toHaveLength(2)
    expect(dapp.deliveries).toHaveLength(2)
  })
})

describe('liveness and restarts', () => {
  it('pings every pingIntervalMs and terminates a socket that does not answer', async () => {
    const r = await startRelay({ pingIntervalMs: 100 })
    try {
      const alive = await connectRelayClient(r.url)
      const silent = await connectRelayClient(r.url, { autoPong: false })
      let pings = 0
      alive.ws.on('ping', () => pings++)
      const closed = new Promise<number>((resolve) => silent.ws.once('close', (code) => resolve(code)))
      await closed
      await sleep(250)
      expect(pings).toBeGreaterThanOrEqual(2)
      expect(alive.ws.readyState).toBe(WebSocket.OPEN)
      expect(r.stats()).toMatchObject({ deadSockets: 1, connections: 1 })
      await alive.close()
    } finally {
      await r.close()
    }
  })

  it('closes while clients reconnect at once: nothing let in during the shutdown holds it open', async () => {
    const r = await startRelay()
    const reconnects: Promise<unknown>[] = []
    // A client that reconnects the moment it is told 1001, as the SDK does.
    const eager = await connectRelayClient(r.url)
    eager.ws.once('close', () => {
      for (let i = 0; i < 3; i++)
        reconnects.push(connectRelayClient(r.url, { timeoutMs: 2000 }).catch((e) => e))
    })
    // One that never reads the close frame: the relay waits its 1 s before terminating it, the window in
    // which a reconnect used to be let in and then never closed.
    const deaf = await connectRelayClient(r.url)
    ;(deaf.ws as unknown as { _socket: { pause(): void } })._socket.pause()
    const closed = await Promise.race([r.close().then(() => 'closed'), sleep(4000).then(() => 'hung')])
    expect(closed).toBe('closed')
    const outcomes = await Promise.all(reconnects)
    expect(outcomes).toHaveLength(3)
    for (const outcome of outcomes) expect(outcome).toBeInstanceOf(Error)
  })

  it('with dataFile, a restarted relay still delivers the messages that were pending', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-relay-'))
    const dataFile = join(dir, 'messages.json')
    try {
      const first = await startRelay({ dataFile })
      const a = await connectRelayClient(first.url)
      const t = topic()
      await a.request('irn_publish', { topic: t, message: 'survives', ttl: 60 })
      await a.request('irn_publish', { topic: t, message: 'expires', ttl: 1 })
      const closedByRelay = new Promise<number>((resolve) => a.ws.once('close', (code) => resolve(code)))
      await first.close()
      expect(await closedByRelay).toBe(1001)
      await sleep(1100)

      const second = await startRelay({ dataFile, port: first.port })
      try {
        expect(second.url).toBe(first.url)
        const b = await connectRelayClient(second.url)
        await b.request('irn_subscribe', { topic: t })
        await b.waitForDeliveries(1)
        await quiet()
        expect(b.deliveries.map((d) => d.message)).toEqual(['survives'])
        await b.close()
      } finally {
        await second.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('reports stats and answers GET /health', async () => {
    const res = await fetch(`${relay.url.replace('ws:', 'http:')}/health`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      status: 'ok',
      connections: expect.any(Number),
      storedMessages: expect.any(Number),
    })
    const plain = await fetch(relay.url.replace('ws:', 'http:'))
    expect(plain.status).toBe(426)
  })
})
