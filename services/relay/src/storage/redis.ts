/**
 * The message store on Redis, shared by every relay node of a cluster: messages carry their TTL
 * in Redis (PEXPIREAT), acks are kept per client id, and the stored-bytes quotas are counted in
 * Redis and checked in the same Lua script as the insert (atomic across nodes). The key layout is
 * in redisScripts.ts.
 */
import { createHash } from 'node:crypto'
import { Redis, type RedisOptions } from 'ioredis'
import { ACK, ADD, PENDING, SWEEP } from './redisScripts.ts'
import { messageKey } from './sqlite.ts'
import {
  type AddResult,
  type MessageStore,
  type PendingPage,
  type PendingResult,
  type PublishInput,
  QuotaExceededError,
  StorageError,
  type StoreCounts,
  type StoredMessage,
  type StoreHealth,
  type StoreQuota,
} from './types.ts'

export interface RedisStoreOptions {
  /** Prefix of every key this store writes. Default "portico:relay:". */
  prefix?: string
  /** Oldest messages of a topic are dropped beyond this many. Default 10 000. */
  maxMessagesPerTopic?: number
  /** Called with each failure (the relay logs it). */
  onError?: (error: Error) => void
}

/** ioredis options for a relay: bounded retries, so a request fails instead of waiting forever. */
export const relayRedisOptions = (): RedisOptions => ({
  maxRetriesPerRequest: 2,
  retryStrategy: (times) => Math.min(50 * times, 1000),
  enableAutoPipelining: true,
  connectTimeout: 5000,
})

/** The URL without its password, for logs and /health. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'redis (unparsable URL)'
  }
}

/** Checks a Redis URL: redis: or rediss: only, with a host. Throws with a clear message. */
export function checkRedisUrl(url: string): URL {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new Error(`PORTICO_REDIS_URL must be a redis:// URL, got ${JSON.stringify(url.slice(0, 200))}`)
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new Error(`PORTICO_REDIS_URL must use redis: or rediss:, got ${u.protocol}`)
  }
  if (!u.hostname) throw new Error('PORTICO_REDIS_URL has no host')
  return u
}

/** QUIT when connected (pending replies first); a connection that is down is just dropped. */
export async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit()
      return
    } catch {
      // fall through
    }
  }
  redis.disconnect()
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex')
const SCRIPTS = { add: ADD, pending: PENDING, ack: ACK, sweep: SWEEP } as const
const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([k, v]) => [k, sha1(v)])) as Record<
  keyof typeof SCRIPTS,
  string
>
const SWEEP_BATCH = 1000

type Row = [string, string, string, string, string, string, string]

const str = (v: unknown): string => (typeof v === 'string' ? v : String(v))

export class RedisStore implements MessageStore {
  readonly redis: Redis
  readonly prefix: string
  private readonly maxPerTopic: number
  private readonly onError: (error: Error) => void
  private readonly location: string
  private lastError: { message: string; at: number } | undefined
  private closed = false

  /** `redis`: a URL or an ioredis client; the store closes the connection with close(). */
  constructor(redis: string | Redis, options: RedisStoreOptions = {}) {
    if (typeof redis === 'string') {
      checkRedisUrl(redis)
      this.redis = new Redis(redis, relayRedisOptions())
      this.location = redactRedisUrl(redis)
    } else {
      this.redis = redis
      this.location = `redis://${redis.options.host}:${redis.options.port}`
    }
    this.prefix = options.prefix ?? 'portico:relay:'
    this.maxPerTopic = options.maxMessagesPerTopic ?? 10_000
    this.onError = options.onError ?? (() => {})
    // A connection error is reported once per failure streak; requests fail (and say so) meanwhile.
    this.redis.on('error', (error: Error) => {
      if (this.closed || this.lastError?.message === `redis: ${error.message}`) return
      this.lastError = { message: `redis: ${error.message}`, at: Date.now() }
      this.onError(new Error(`redis: ${error.message}`))
    })
    this.redis.on('ready', () => {
      if (this.lastError?.message.startsWith('redis: ')) this.lastError = undefined
    })
  }

  private async run(name: keyof typeof SCRIPTS, args: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SHAS[name], 0, ...args)
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error
      return this.redis.eval(SCRIPTS[name], 0, ...args)
    }
  }

  /** Runs a write; a failure is remembered for health() and reported, then thrown as StorageError. */
  private async write<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      const result = await fn()
      this.lastError = undefined
      return result
    } catch (error) {
      if (error instanceof QuotaExceededError) throw error
      const message = `${what} failed: ${(error as Error).message}`
      this.lastError = { message, at: Date.now() }
      this.onError(new Error(message))
      throw new StorageError(message, { cause: error })
    }
  }

  async add(inputs: readonly PublishInput[], quota: StoreQuota, now = Date.now()): Promise<AddResult[]> {
    if (inputs.length === 0) return []
    const cap = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0)
    const args: (string | number)[] = [
      this.prefix,
      now,
      cap(quota.perClientBytes),
      cap(quota.perIpBytes),
      cap(quota.totalBytes),
      this.maxPerTopic,
      inputs.length,
    ]
    const keys = inputs.map((input) => messageKey(input.message))
    inputs.forEach((input, i) => {
      args.push(
        input.topic,
        keys[i] ?? '',
        input.message,
        now + input.ttlSeconds * 1000,
        input.tag,
        input.prompt ? 1 : 0,
        input.publisher,
        input.ip,
        Buffer.byteLength(input.message) + input.topic.length,
      )
    })
    const reply = (await this.write('storing a message', () => this.run('add', args))) as unknown[]
    if (reply[0] === 'quota') throw new QuotaExceededError(`Quota exceeded: ${str(reply[1])}`)
    return inputs.map((input, i): AddResult => {
      const r = (reply[i + 1] ?? []) as unknown[]
      const stored: StoredMessage = {
        topic: input.topic,
        message: input.message,
        key: keys[i] ?? '',
        publishedAt: Number(r[2]),
        expiresAt: Number(r[3]),
        tag: Number(r[4]),
        prompt: str(r[5]) === '1',
        publisher: str(r[6]),
      }
      return { kind: r[0] === 'd' ? 'duplicate' : 'stored', stored }
    })
  }

  async pending(
    topic: string,
    clientId: string,
    page: PendingPage,
    now = Date.now(),
  ): Promise<PendingResult> {
    const reply = (await this.write('reading pending messages', () =>
      this.run('pending', [this.prefix, topic, now, clientId, page.limit, page.maxBytes]),
    )) as unknown[]
    const messages = (reply.slice(1) as Row[]).map(
      ([key, message, publishedAt, expiresAt, tag, prompt, publisher]): StoredMessage => ({
        topic,
        message,
        key,
        publishedAt: Number(publishedAt),
        expiresAt: Number(expiresAt),
        tag: Number(tag),
        prompt: prompt === '1',
        publisher,
      }),
    )
    return { messages, more: reply[0] === 1 }
  }

  async ack(topic: string, key: string, clientId: string): Promise<boolean> {
    const added = await this.write('recording an ack', () =>
      this.run('ack', [this.prefix, topic, key, clientId, Date.now()]),
    )
    return added === 1
  }

  async sweep(now = Date.now()): Promise<number> {
    let dropped = 0
    // Batches keep each script short (Redis serves nobody else while one runs).
    for (let i = 0; i < 1000; i++) {
      const [looked, freed] = (await this.write('dropping expired messages', () =>
        this.run('sweep', [this.prefix, now, SWEEP_BATCH]),
      )) as [number, number]
      dropped += freed
      if (looked < SWEEP_BATCH) break
    }
    return dropped
  }

  async counts(): Promise<StoreCounts> {
    const p = this.prefix
    const [topics, messages, bytes] = await Promise.all([
      this.redis.hlen(`${p}topics`),
      this.redis.zcard(`${p}exp`),
      this.redis.get(`${p}u:total`),
    ])
    return { topics, messages, bytes: Number(bytes ?? 0) }
  }

  /** Stored bytes of one client id and one IP (for tests and stats). */
  async usage(clientId: string, ip: string): Promise<{ client: number; ip: number; total: number }> {
    const p = this.prefix
    const [c, i, t] = await this.redis.mget(`${p}u:c:${clientId}`, `${p}u:i:${ip}`, `${p}u:total`)
    return { client: Number(c ?? 0), ip: Number(i ?? 0), total: Number(t ?? 0) }
  }

  health(): StoreHealth {
    return this.lastError
      ? { ok: false, location: this.location, error: this.lastError.message, failedAt: this.lastError.at }
      : { ok: true, location: this.location }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await closeConnection(this.redis)
  }
}
