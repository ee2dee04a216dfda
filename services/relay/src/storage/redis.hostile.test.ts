/**
 * Hostile input against the Redis store and the CLI's Redis settings: topics that look like key
 * separators, acks of messages that do not exist, Redis URLs that are not Redis, a Redis that is
 * not there, and a fan-out that missed messages.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  REDIS_SETUP_TIMEOUT_MS,
  type RedisForTests,
  redisForTests,
  testPrefix,
} from '../../test/redisTestkit.ts'
import { barrier, clientOf, topic, until } from '../../test/testkit.ts'
import { startRelay } from '../relay.ts'
import { LocalFanOut } from './fanout.ts'
import { RedisStore } from './redis.ts'
import { createRedisBackend } from './redisBackend.ts'
import { RedisFanOut } from './redisFanOut.ts'
import { messageKey } from './sqlite.ts'
import type { PublishInput, StoredMessage } from './types.ts'

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
const page = { limit: 100, maxBytes: 1 << 20 }

function store(): RedisStore {
  const s = new RedisStore(redis.url, { prefix: testPrefix() })
  closers.push(() => s.close())
  return s
}

const input = (t: string, message: string): PublishInput => ({
  topic: t,
  message,
  ttlSeconds: 300,
  tag: 1,
  prompt: false,
  publisher: 'did:key:alice',
  ip: '10.0.0.1',
})

describe('Redis store against hostile topics and acks', () => {
  it('topics holding separators, newlines, unicode or 512 characters never see each other', async () => {
    const s = store()
    const k = messageKey('m')
    const topics = ['a', `a:${k}`, `a:${k}:`, 'a\nb', ':', 'ü🙂', 'x'.repeat(512), `t:a`, `m:a:${k}`]
    for (const t of topics) await s.add([input(t, `on ${t}`), input(t, 'm')], NO_CAP)
    for (const t of topics) {
      expect((await s.pending(t, 'bob', page)).messages.map((m) => m.message)).toEqual([`on ${t}`, 'm'])
    }
    // An ack on one topic is not an ack on a look-alike.
    expect(await s.ack('a', k, 'bob')).toBe(true)
    expect((await s.pending(`a:${k}`, 'bob', page)).messages).toHaveLength(2)
    expect((await s.pending('a', 'bob', page)).messages.map((m) => m.message)).toEqual(['on a'])
    expect((await s.counts()).topics).toBe(topics.length)
  })

  it('acks of messages that do not exist (or expired) store nothing', async () => {
    const s = store()
    const now = Date.now()
    await s.add([{ ...input('t', 'short'), ttlSeconds: 1 }], NO_CAP, now)
    const before = (await s.redis.keys(`${s.prefix}*`)).length
    for (let i = 0; i < 50; i++)
      expect(await s.ack('t', messageKey(`nothing ${i}`), `did:key:${i}`)).toBe(false)
    expect(await s.ack(`no topic`, messageKey('short'), 'bob')).toBe(false)
    expect((await s.redis.keys(`${s.prefix}*`)).length).toBe(before)
  })

  it('message text is data: Lua, RESP and JSON look-alikes round-trip unchanged', async () => {
    const s = store()
    const texts = ["')) redis.call('FLUSHALL') --", '*1\r\n$8\r\nFLUSHALL\r\n', '{"n":"x"}', '\u0000\u0001']
    await s.add(
      texts.map((t) => input('t', t)),
      NO_CAP,
    )
    expect((await s.pending('t', 'bob', page)).messages.map((m) => m.message)).toEqual(texts)
  })
})

describe('CLI Redis settings', () => {
  const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../cli.ts')
  const run = (url: string) =>
    new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli], {
        env: { ...process.env, PORTICO_RELAY_PORT: '0', PORTICO_REDIS_URL: url, PORTICO_RELAY_LOG: '0' },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString()
      })
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      child.on('exit', (code) => {
        clearTimeout(timer)
        done({ code, stderr })
      })
    })

  it('a URL that is not redis: or rediss: exits 2 with the reason', async () => {
    const r = await run('http://127.0.0.1:6379')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('PORTICO_REDIS_URL must use redis: or rediss:, got http:')
    expect((await run('not a url')).stderr).toContain('PORTICO_REDIS_URL must be a redis:// URL')
  })

  it('a Redis that is not there exits 2 with the reason instead of waiting', async () => {
    const r = await run('redis://127.0.0.1:1')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('Redis at redis://127.0.0.1:1 is not reachable')
  })
})

describe('start failures', () => {
  it('a relay that cannot listen closes its Redis connections (nothing keeps the process alive)', async () => {
    const taken = createServer()
    await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok))
    closers.push(() => new Promise<void>((ok) => taken.close(() => ok())))
    const address = taken.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const backend = await createRedisBackend({ url: redis.url, prefix: testPrefix() })
    await expect(startRelay({ backend, port })).rejects.toThrow(/EADDRINUSE/)
    await expect.poll(() => backend.store.redis.status).toBe('end')
    await expect.poll(() => backend.fanOut.connectionStatus()).toEqual(['end', 'end'])
  })
})

describe('fan-out gaps', () => {
  it('a node whose pub/sub connection was cut reports a gap once it is back', async () => {
    const f = new RedisFanOut(redis.url, { prefix: testPrefix(), nodeId: 'gap-test' })
    closers.push(() => f.close())
    await f.ready
    let gaps = 0
    f.onGap(() => gaps++)
    const admin = new Redis(redis.url)
    closers.push(async () => void (await admin.quit()))
    // Only this node's subscriber connection (by its name in CLIENT LIST).
    const list = String(await admin.client('LIST'))
    const id = list
      .split('\n')
      .find((line) => line.includes(' name=portico-relay-sub-gap-test '))
      ?.match(/id=(\d+)/)?.[1]
    expect(id).toBeDefined()
    await admin.client('KILL', 'ID', id ?? '')
    await until('a gap is reported', () => gaps > 0)
  })

  it('a topic new to the node is read from the store only once the fan-out listens to it', async () => {
    // A fan-out whose per-topic watch takes as long as the test says (a slow SUBSCRIBE).
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => {
      release = r
    })
    const watched: string[] = []
    class SlowWatchFanOut extends LocalFanOut {
      watch(t: string) {
        watched.push(t)
      }
      watching(): Promise<void> {
        return gate
      }
    }
    const inner = store()
    const reads: string[] = []
    const spy = Object.create(inner) as RedisStore
    spy.pending = (t, ...rest) => {
      reads.push(t)
      return inner.pending(t, ...rest)
    }
    const relay = await startRelay({ backend: { store: spy, fanOut: new SlowWatchFanOut() } })
    closers.push(() => relay.close())
    const t = topic()
    const writer = await clientOf(relay)
    await writer.request('irn_publish', {
      topic: t,
      message: 'stored before the subscribe',
      ttl: 300,
      tag: 1,
    })
    const reader = await clientOf(relay)
    const got: string[] = []
    reader.onDelivery((d) => got.push(d.message))
    await reader.request('irn_subscribe', { topic: t })
    await barrier(reader)
    expect(watched).toEqual([t])
    expect(reads).toEqual([])
    release()
    await until('the stored message arrives', () => got.length === 1)
    expect(reads).toContain(t)
  })

  it('a late copy from the fan-out of a message the client already got and acknowledged is not sent again', async () => {
    // A fan-out that hands messages over only when the test says (another node's copy, late).
    const held: StoredMessage[] = []
    class LateFanOut extends LocalFanOut {
      override publish(message: StoredMessage): void {
        held.push(message)
      }
      flush() {
        for (const m of held.splice(0)) super.publish(m)
      }
    }
    const fanOut = new LateFanOut()
    const relay = await startRelay({ backend: { store: store(), fanOut } })
    closers.push(() => relay.close())
    const t = topic()
    const writer = await clientOf(relay)
    await writer.request('irn_publish', { topic: t, message: 'once', ttl: 300, tag: 1 })
    const reader = await clientOf(relay)
    const got: string[] = []
    reader.onDelivery((d) => got.push(d.message))
    await reader.request('irn_subscribe', { topic: t })
    await until('delivered from the store and acknowledged', () => relay.stats().acked === 1)
    fanOut.flush()
    await barrier(reader)
    expect(got).toEqual(['once'])
    expect(relay.stats().delivered).toBe(1)
  })

  it('the relay re-reads subscribed topics from the store on a gap (messages the fan-out missed)', async () => {
    // A fan-out that loses every publish (as pub/sub does while a node is cut off).
    class LossyFanOut extends LocalFanOut {
      gap: () => void = () => {}
      override publish(): void {}
      onGap(listener: () => void) {
        this.gap = listener
        return () => {}
      }
    }
    const fanOut = new LossyFanOut()
    const s = store()
    const relay = await startRelay({ backend: { store: s, fanOut } })
    closers.push(() => relay.close())
    const t = topic()
    const reader = await clientOf(relay)
    await reader.request('irn_subscribe', { topic: t })
    const got: string[] = []
    reader.onDelivery((d) => got.push(d.message))
    const writer = await clientOf(relay)
    await writer.request('irn_publish', { topic: t, message: 'missed by the fan-out', ttl: 300, tag: 1 })
    await barrier(reader)
    expect(got).toEqual([])
    fanOut.gap()
    await until('the missed message arrives', () => got.length === 1)
    expect(got).toEqual(['missed by the fan-out'])
  })
})
