/**
 * Fan-out across relay nodes by Redis pub/sub. A node hands a published message to its own
 * subscribers at once and PUBLISHes it on one channel; every other node receives it and offers it
 * to the connections it holds for that topic (each node keeps its own clients' subscriptions).
 * Pub/sub is fire-and-forget: a node whose subscriber connection dropped may have missed messages,
 * so on reconnect it reports a gap and the relay re-reads its clients' topics from the store.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { checkRedisUrl, closeConnection, relayRedisOptions } from './redis.ts'
import type { FanOut, StoredMessage } from './types.ts'

export interface RedisFanOutOptions {
  /** Key prefix; the channel is `<prefix>fanout`. Default "portico:relay:". */
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
  readonly channel: string
  /** Resolves once this node listens on the channel. */
  readonly ready: Promise<void>
  /** Payloads from the channel that did not parse (never delivered). */
  malformed = 0
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly listeners = new Set<(message: StoredMessage) => void>()
  private readonly gapListeners = new Set<() => void>()
  private readonly onError: (error: Error) => void
  private wasReady = false
  private closed = false

  constructor(url: string, options: RedisFanOutOptions = {}) {
    checkRedisUrl(url)
    this.nodeId = options.nodeId ?? randomUUID()
    this.channel = `${options.prefix ?? 'portico:relay:'}fanout`
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
      if (channel.toString() !== this.channel) return
      const parsed = parseFanOutPayload(payload.toString())
      if (!parsed) {
        this.malformed++
        return
      }
      if (parsed.node === this.nodeId) return
      for (const listener of this.listeners) listener(parsed.message)
    })
    // ioredis resubscribes by itself after a reconnect; what was published meanwhile was missed.
    this.sub.on('ready', () => {
      if (this.wasReady) for (const listener of this.gapListeners) listener()
      this.wasReady = true
    })
    this.ready = this.sub.subscribe(this.channel).then(() => {})
  }

  publish(message: StoredMessage): void {
    for (const listener of this.listeners) listener(message)
    this.pub.publish(this.channel, JSON.stringify({ n: this.nodeId, m: message })).catch((error: Error) => {
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
