/**
 * The Redis store and fan-out against a real redis-server (see redisTestkit.ts): the MessageStore
 * contract, quotas shared by two nodes, TTLs kept by Redis, cross-node fan-out, failures.
 */
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  REDIS_SETUP_TIMEOUT_MS,
  type RedisForTests,
  redisForTests,
  testPrefix,
} from '../../test/redisTestkit.ts'
import { RedisStore } from './redis.ts'
import { RedisFanOut } from './redisFanOut.ts'
import { messageKey } from './sqlite.ts'
import { type PublishInput, QuotaExceededError, StorageError, type StoredMessage } from './types.ts'

let redis: RedisForTests
beforeAll(async () => {
  redis = await redisForTests()
}, REDIS_SETUP_TIMEOUT_MS)
afterAll(() => redis?.stop())

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c()
})

const NO_CAP = { perClientBytes: 0, perIpBytes: 0, totalBytes: 0 }
const T = 'a'.repeat(64)

function store(prefix = testPrefix(), maxMessagesPerTopic?: number): RedisStore {
  const s = new RedisStore(redis.url, {
    prefix,
    ...(maxMessagesPerTopic !== undefined && { maxMessagesPerTopic }),
  })
  closers.push(() => s.close())
  return s
}

const input = (message: string, over: Partial<PublishInput> = {}): PublishInput => ({
  topic: T,
  message,
  ttlSeconds: 300,
  tag: 1108,
  prompt: false,
  publisher: 'did:key:alice',
  ip: '10.0.0.1',
  ...over,
})

const page = { limit: 100, maxBytes: 1 << 20 }

describe('RedisStore', () => {
  it('stores, lists pending in publish order, never to the publisher, and records acks per client', async () => {
    const s = store()
    const [a, b] = await s.add([input('first'), input('second', { tag: 1, prompt: true })], NO_CAP)
    expect(a?.kind).toBe('stored')
    expect(b?.stored).toMatchObject({
      topic: T,
      message: 'second',
      key: messageKey('second'),
      tag: 1,
      prompt: true,
    })
    expect((await s.pending(T, 'did:key:alice', page)).messages).toEqual([])
    const forBob = await s.pending(T, 'did:key:bob', page)
    expect(forBob.messages.map((m) => m.message)).toEqual(['first', 'second'])
    expect(forBob.messages[0]).toEqual(a?.stored)
    expect(await s.ack(T, messageKey('first'), 'did:key:bob')).toBe(true)
    expect(await s.ack(T, messageKey('first'), 'did:key:bob')).toBe(false)
    expect(await s.ack(T, messageKey('nothing'), 'did:key:bob')).toBe(false)
    expect((await s.pending(T, 'did:key:bob', page)).messages.map((m) => m.message)).toEqual(['second'])
    expect((await s.pending(T, 'did:key:carol', page)).messages).toHaveLength(2)
    expect(await s.counts()).toEqual({ topics: 1, messages: 2, bytes: 5 + 6 + 2 * 64 })
  })

  it('pages pending messages by count and bytes (the first always fits)', async () => {
    const s = store()
    await s.add([input('x'.repeat(100)), input('y'.repeat(100)), input('z')], NO_CAP)
    const one = await s.pending(T, 'bob', { limit: 10, maxBytes: 50 })
    expect(one.messages.map((m) => m.message.length)).toEqual([100])
    expect(one.more).toBe(true)
    const two = await s.pending(T, 'bob', { limit: 2, maxBytes: 1000 })
    expect(two.messages).toHaveLength(2)
    expect(two.more).toBe(true)
    expect((await s.pending(T, 'bob', { limit: 3, maxBytes: 1000 })).more).toBe(false)
  })

  it('a retried publish is a duplicate that extends the expiry; the TTL is kept by Redis', async () => {
    const s = store()
    const now = Date.now()
    const [first] = await s.add([input('m', { ttlSeconds: 60 })], NO_CAP, now)
    const [again] = await s.add([input('m', { ttlSeconds: 600 })], NO_CAP, now + 1000)
    expect(again?.kind).toBe('duplicate')
    expect(again?.stored.publishedAt).toBe(first?.stored.publishedAt)
    expect(again?.stored.expiresAt).toBe(now + 1000 + 600_000)
    const ttl = await s.redis.pttl(`${s.prefix}m:${T}:${messageKey('m')}`)
    expect(ttl).toBeGreaterThan(500_000)
    expect(ttl).toBeLessThanOrEqual(601_000)
    expect((await s.counts()).messages).toBe(1)
  })

  it('expired messages are never pending; the sweep drops them and gives their bytes back', async () => {
    const s = store()
    const now = Date.now()
    await s.add([input('old', { ttlSeconds: 1 }), input('new', { ttlSeconds: 100 })], NO_CAP, now)
    expect((await s.pending(T, 'bob', page, now + 2000)).messages.map((m) => m.message)).toEqual(['new'])
    expect(await s.sweep(now + 2000)).toBe(1)
    expect(await s.usage('did:key:alice', '10.0.0.1')).toEqual({ client: 67, ip: 67, total: 67 })
    expect(await s.counts()).toEqual({ topics: 1, messages: 1, bytes: 67 })
    expect(await s.sweep(now + 200_000)).toBe(1)
    expect(await s.counts()).toEqual({ topics: 0, messages: 0, bytes: 0 })
    // Nothing of the store is left in Redis once every message is gone (but the publish counter).
    expect((await s.redis.keys(`${s.prefix}*`)).sort()).toEqual([`${s.prefix}seq`])
  })

  it('quotas are checked for the whole publish and shared by every node on the Redis', async () => {
    const prefix = testPrefix()
    const node1 = store(prefix)
    const node2 = store(prefix)
    const quota = { perClientBytes: 300, perIpBytes: 400, totalBytes: 500 }
    await node1.add([input('a'.repeat(100))], quota)
    // 164 + 65 fits, + 164 more does not: the batch is refused whole, on the other node.
    const batch = [input('b'), input('c'.repeat(100))]
    await expect(node2.add(batch, quota)).rejects.toThrow(QuotaExceededError)
    await expect(node2.add(batch, quota)).rejects.toThrow(
      'Quota exceeded: this client id already stores 229 bytes (cap 300)',
    )
    expect(await node1.counts()).toEqual({ topics: 1, messages: 1, bytes: 164 })
    await node2.add([input('d'.repeat(100), { publisher: 'did:key:bob' })], quota)
    await expect(node1.add([input('e'.repeat(10), { publisher: 'did:key:carol' })], quota)).rejects.toThrow(
      'this IP address already stores 328 bytes (cap 400)',
    )
    await expect(
      node1.add([input('f'.repeat(110), { publisher: 'did:key:carol', ip: '10.0.0.2' })], quota),
    ).rejects.toThrow("the relay's message store is full (328 of 500 bytes)")
    expect(await node2.usage('did:key:alice', '10.0.0.1')).toEqual({ client: 164, ip: 328, total: 328 })
  })

  it('keeps at most maxMessagesPerTopic per topic, freeing the dropped ones', async () => {
    const s = store(testPrefix(), 2)
    await s.add([input('1'), input('2'), input('3')], NO_CAP)
    expect((await s.pending(T, 'bob', page)).messages.map((m) => m.message)).toEqual(['2', '3'])
    expect(await s.counts()).toEqual({ topics: 1, messages: 2, bytes: 130 })
  })

  it('a Redis that is down fails writes with StorageError and degraded health, until it is back', async () => {
    if (!redis.server) return console.info('skipped: PORTICO_REDIS_URL is set (cannot stop a shared Redis)')
    const s = store()
    await s.add([input('before')], NO_CAP)
    await redis.server.kill()
    try {
      await expect(s.add([input('during')], NO_CAP)).rejects.toThrow(StorageError)
      expect(s.health()).toMatchObject({
        ok: false,
        error: expect.stringMatching(/storing a message failed/),
      })
    } finally {
      await redis.server.restart()
    }
    await s.add([input('after')], NO_CAP)
    expect(s.health().ok).toBe(true)
    expect((await s.pending(T, 'bob', page)).messages.map((m) => m.message)).toEqual(['before', 'after'])
  })
})

describe('RedisFanOut', () => {
  const stored = (message: string, topic = T): StoredMessage => ({
    topic,
    message,
    key: messageKey(message),
    publishedAt: Date.now(),
    expiresAt: Date.now() + 60_000,
    tag: 1,
    prompt: false,
    publisher: 'did:key:alice',
  })

  /** A node whose clients are subscribed to `topics`. */
  async function node(prefix: string, topics: string[] = [T]) {
    const f = new RedisFanOut(redis.url, { prefix })
    closers.push(() => f.close())
    await f.ready
    for (const t of topics) f.watch(t)
    await Promise.all(topics.map((t) => f.watching(t)))
    const got: string[] = []
    f.onMessage((m) => got.push(`${m.topic === T ? '' : `${m.topic.slice(0, 4)}:`}${m.message}`))
    return { f, got }
  }

  it('a message published on one node reaches the other node once, and its own node once, at once', async () => {
    const prefix = testPrefix()
    const a = await node(prefix)
    const b = await node(prefix)
    const other = await node(testPrefix())
    a.f.publish(stored('hello'))
    expect(a.got).toEqual(['hello'])
    await expect.poll(() => b.got).toEqual(['hello'])
    b.f.publish(stored('back'))
    await expect.poll(() => a.got).toEqual(['hello', 'back'])
    expect(b.got).toEqual(['hello', 'back'])
    expect(other.got).toEqual([])
  })

  it('a node listens in Redis to the topics of its own subscribers only, until the last one leaves', async () => {
    const prefix = testPrefix()
    const U = 'b'.repeat(64)
    const a = await node(prefix, [])
    const b = await node(prefix, [U])
    const admin = new Redis(redis.url)
    closers.push(async () => void (await admin.quit()))
    const listeners = async (t: string) => Number((await admin.pubsub('NUMSUB', a.f.channelOf(t)))[1])
    expect(await listeners(U)).toBe(1)
    expect(await listeners(T)).toBe(0)
    a.f.publish(stored('for T'))
    a.f.publish(stored('for U', U))
    await expect.poll(() => b.got).toEqual(['bbbb:for U'])
    b.f.unwatch(U)
    await expect.poll(() => listeners(U)).toBe(0)
    expect(b.f.watchedCount()).toBe(0)
    a.f.publish(stored('after unwatch', U))
    b.f.watch(T)
    await b.f.watching(T)
    a.f.publish(stored('T again'))
    await expect.poll(() => b.got).toEqual(['bbbb:for U', 'T again'])
  })

  it('drops malformed channel payloads, and payloads naming another topic, without delivering them', async () => {
    const prefix = testPrefix()
    const a = await node(prefix)
    const raw = new Redis(redis.url)
    closers.push(async () => void (await raw.quit()))
    const bad = [
      'not json',
      '[]',
      '{"n":"x","m":{"topic":1}}',
      JSON.stringify({ n: 'x', m: { ...stored('m'), tag: 'x' } }),
      JSON.stringify({ n: 'x', m: stored('for another topic', 'c'.repeat(64)) }),
    ]
    for (const p of bad) await raw.publish(a.f.channelOf(T), p)
    await raw.publish(a.f.channelOf(T), JSON.stringify({ n: 'other-node', m: stored('good') }))
    await expect.poll(() => a.got).toEqual(['good'])
    expect(a.f.malformed).toBe(bad.length)
  })
})
