/**
 * Fan-out across relay nodes by Redis pub/sub, one channel per topic. A node subscribes (in Redis)
 * to the topics its own clients are subscribed to, and unsubscribes when the last one leaves; a
 * published message goes to the node's own subscribers at once and is PUBLISHed on the topic's
 * channel, so exactly the nodes holding subscribers of that topic receive it. Pub/sub is
 * fire-and-forget: a node whose subscriber connection dropped may have missed messages, so on
 * reconnect it reports a gap and the relay re-reads its clients' topics from the store.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { checkRedisUrl, closeConnection, relayRedisOptions } from './redis.ts'
import type { FanOut, StoredMessage } from './types.ts'

export interface RedisFanOutOptions {
  /** Key prefix; a topic's channel is `<prefix>c:<topic>`. Default "portico:relay:". */
  prefix?: string
  /** This node's id (its own messages coming back from Redis are skipped). Default: random. */
  nodeId?: string
  onError?: (error: Error) => void
}

/** Parses a channel payload; anything malformed is undefined (and counted by the caller). */
export function parseFanOutPayload(payload: string): { node: string; message: StoredMessage } | undefined {
  let v: unknown
  try {
    v = JSON.parse(payload)
  } catch {
    return undefined
  }
  if (typeof v !== 'object' || v === null) return undefined
  const { n, m } = v as { n?: unknown; m?: unknown }
  if (typeof n !== 'string' || typeof m !== 'object' || m === null) return undefined
  const s = m as Record<string, unknown>
  const strings = ['topic', 'message', 'key', 'publisher'] as const
  const numbers = ['publishedAt', 'expiresAt', 'tag'] as const
  if (!strings.every((k) => typeof s[k] === 'string')) return undefined
  if (!numbers.every((k) => typeof s[k] === 'number' && Number.isFinite(s[k]))) return undefined
  if (typeof s.prompt !== 'boolean') return undefined
  return {
    node: n,
    message: {
      topic: s.topic as string,
      message: s.message as string,
      key: s.key as string,
      publishedAt: s.publishedAt as number,
      expiresAt: s.expiresAt as number,
      tag: s.tag as number,
      prompt: s.prompt,
      publisher: s.publisher as string,
    },
  }
}

export class RedisFanOut implements FanOut {
  readonly nodeId: string
  /** Resolves once the subscriber connection is up. */
  readonly ready: Promise<void>
  /** Payloads from the channel that did not parse (never delivered). */
  malformed = 0
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly listeners = new Set<(message: StoredMessage) => void>()
  private readonly gapListeners = new Set<() => void>()
  /** Topics this node's clients are subscribed to. */
  private readonly watched = new Set<string>()
  /** SUBSCRIBEs on their way, by topic. */
  private readonly pending = new Map<string, Promise<void>>()
  private readonly channelPrefix: string
  private readonly onError: (error: Error) => void
  private wasReady = false
  private closed = false

  constructor(url: string, options: RedisFanOutOptions = {}) {
    checkRedisUrl(url)
    this.nodeId = options.nodeId ?? randomUUID()
    this.channelPrefix = `${options.prefix ?? 'portico:relay:'}c:`
    this.onError = options.onError ?? (() => {})
    // Named, so an operator (or a test) can tell the connections apart in CLIENT LIST.
    this.pub = new Redis(url, { ...relayRedisOptions(), connectionName: `portico-relay-pub-${this.nodeId}` })
    this.sub = new Redis(url, {
      ...relayRedisOptions(),
      maxRetriesPerRequest: null,
      connectionName: `portico-relay-sub-${this.nodeId}`,
    })
    for (const [name, conn] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      // Reported once per failure streak (ioredis retries every second while Redis is away).
      let last: string | undefined
      conn.on('error', (error: Error) => {
        if (this.closed || error.message === last) return
        last = error.message
        this.onError(new Error(`redis fan-out ${name}: ${error.message}`))
      })
      conn.on('ready', () => {
        last = undefined
      })
    }
    this.sub.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
      const name = channel.toString()
      if (!name.startsWith(this.channelPrefix)) return
      const topic = name.slice(this.channelPrefix.length)
      const parsed = parseFanOutPayload(payload.toString())
      // A payload that does not parse, or names another topic than its channel, is never delivered.
      if (!parsed || parsed.message.topic !== topic) {
        this.malformed++
        return
      }
      if (parsed.node === this.nodeId || !this.watched.has(topic)) return
      for (const listener of this.listeners) listener(parsed.message)
    })
    // ioredis resubscribes by itself after a reconnect; what was published meanwhile was missed.
    this.sub.on('ready', () => {
      if (this.wasReady) for (const listener of this.gapListeners) listener()
      this.wasReady = true
    })
    this.ready = this.sub.ping().then(() => {})
  }

  /** The pub/sub channel of a topic. */
  channelOf(topic: string): string {
    return this.channelPrefix + topic
  }

  watch(topic: string): void {
    this.watched.add(topic)
    const subscribed: Promise<void> = this.sub.subscribe(this.channelOf(topic)).then(
      () => {
        if (this.pending.get(topic) === subscribed) this.pending.delete(topic)
      },
      (error: Error) => {
        if (this.pending.get(topic) === subscribed) this.pending.delete(topic)
        if (!this.closed) this.onError(new Error(`redis fan-out subscribe failed: ${error.message}`))
      },
    )
    this.pending.set(topic, subscribed)
  }

  unwatch(topic: string): void {
    this.watched.delete(topic)
    this.pending.delete(topic)
    this.sub.unsubscribe(this.channelOf(topic)).catch(() => {})
  }

  watching(topic: string): Promise<void> | undefined {
    return this.pending.get(topic)
  }

  /** ioredis status of the publisher and subscriber connections. */
  connectionStatus(): [string, string] {
    return [this.pub.status, this.sub.status]
  }

  /** Topics this node listens to (for tests and stats). */
  watchedCount(): number {
    return this.watched.size
  }

  publish(message: StoredMessage): void {
    for (const listener of this.listeners) listener(message)
    this.pub
      .publish(this.channelOf(message.topic), JSON.stringify({ n: this.nodeId, m: message }))
      .catch((error: Error) => {
        if (!this.closed) this.onError(new Error(`redis fan-out publish failed: ${error.message}`))
      })
  }

  onMessage(listener: (message: StoredMessage) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener)
    return () => this.gapListeners.delete(listener)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.listeners.clear()
    this.gapListeners.clear()
    await Promise.all([closeConnection(this.pub), closeConnection(this.sub)])
  }
}
