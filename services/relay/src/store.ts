import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** One published message, kept until its TTL runs out. */
export interface StoredMessage {
  topic: string
  message: string
  /** sha256(message), hex: the message's identity within its topic. */
  key: string
  /** Milliseconds since the epoch. */
  publishedAt: number
  expiresAt: number
  tag: number
  prompt: boolean
  /** The publisher's client id; it never gets its own message back. */
  publisher: string
  /** Client ids that acknowledged (or fetched) the message; it is not delivered to them again. */
  ackedBy: Set<string>
}

export interface PublishInput {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  prompt: boolean
  publisher: string
}

interface SerializedMessage {
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number
  prompt: boolean
  publisher: string
  ackedBy: string[]
}

interface Snapshot {
  version: 1
  savedAt: number
  messages: SerializedMessage[]
}

export const messageKey = (message: string): string => createHash('sha256').update(message).digest('hex')

/**
 * Messages by topic. Each (topic, message) pair is stored once: a publisher retrying the same
 * publish does not make subscribers see it twice.
 */
export class MessageStore {
  private readonly topics = new Map<string, Map<string, StoredMessage>>()
  private count = 0
  /** Called after every change (used to schedule persistence). */
  onChange: () => void = () => {}

  constructor(private readonly maxMessagesPerTopic = 10_000) {}

  get size(): number {
    return this.count
  }

  get topicCount(): number {
    return this.topics.size
  }

  add(input: PublishInput, now = Date.now()): { stored: StoredMessage; isNew: boolean } {
    const key = messageKey(input.message)
    let byKey = this.topics.get(input.topic)
    if (!byKey) {
      byKey = new Map()
      this.topics.set(input.topic, byKey)
    }
    const expiresAt = now + input.ttlSeconds * 1000
    const existing = byKey.get(key)
    if (existing && existing.expiresAt > now) {
      if (expiresAt > existing.expiresAt) existing.expiresAt = expiresAt
      this.onChange()
      return { stored: existing, isNew: false }
    }
    if (existing) this.count--
    const stored: StoredMessage = {
      topic: input.topic,
      message: input.message,
      key,
      publishedAt: now,
      expiresAt,
      tag: input.tag,
      prompt: input.prompt,
      publisher: input.publisher,
      ackedBy: new Set(),
    }
    byKey.delete(key)
    byKey.set(key, stored)
    this.count++
    while (byKey.size > this.maxMessagesPerTopic) {
      const oldest = byKey.keys().next().value
      if (oldest === undefined) break
      byKey.delete(oldest)
      this.count--
    }
    this.onChange()
    return { stored, isNew: true }
  }

  get(topic: string, key: string): StoredMessage | undefined {
    return this.topics.get(topic)?.get(key)
  }

  /** Live messages on `topic` that `clientId` neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, clientId: string, now = Date.now()): StoredMessage[] {
    const byKey = this.topics.get(topic)
    if (!byKey) return []
    const out: StoredMessage[] = []
    for (const m of byKey.values()) {
      if (m.expiresAt <= now || m.publisher === clientId || m.ackedBy.has(clientId)) continue
      out.push(m)
    }
    return out.sort((a, b) => a.publishedAt - b.publishedAt)
  }

  ack(stored: StoredMessage, clientId: string): boolean {
    if (stored.ackedBy.has(clientId)) return false
    stored.ackedBy.add(clientId)
    this.onChange()
    return true
  }

  /** Drops expired messages; returns how many. */
  sweep(now = Date.now()): number {
    let removed = 0
    for (const [topic, byKey] of this.topics) {
      for (const [key, m] of byKey) {
        if (m.expiresAt <= now) {
          byKey.delete(key)
          removed++
        }
      }
      if (byKey.size === 0) this.topics.delete(topic)
    }
    this.count -= removed
    if (removed > 0) this.onChange()
    return removed
  }

  toSnapshot(now = Date.now()): Snapshot {
    const messages: SerializedMessage[] = []
    for (const byKey of this.topics.values()) {
      for (const m of byKey.values()) {
        if (m.expiresAt <= now) continue
        messages.push({
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          expiresAt: m.expiresAt,
          tag: m.tag,
          prompt: m.prompt,
          publisher: m.publisher,
          ackedBy: [...m.ackedBy],
        })
      }
    }
    return { version: 1, savedAt: now, messages }
  }

  /** Loads a snapshot (expired messages are skipped); returns how many messages were loaded. */
  loadSnapshot(snapshot: unknown, now = Date.now()): number {
    if (!isSnapshot(snapshot)) throw new Error('not a relay message snapshot (version 1)')
    let loaded = 0
    for (const m of snapshot.messages) {
      if (m.expiresAt <= now) continue
      let byKey = this.topics.get(m.topic)
      if (!byKey) {
        byKey = new Map()
        this.topics.set(m.topic, byKey)
      }
      const key = messageKey(m.message)
      if (!byKey.has(key)) this.count++
      byKey.set(key, { ...m, key, ackedBy: new Set(m.ackedBy) })
      loaded++
    }
    return loaded
  }
}

function isSnapshot(value: unknown): value is Snapshot {
  if (value === null || typeof value !== 'object') return false
  const v = value as Partial<Snapshot>
  if (v.version !== 1 || !Array.isArray(v.messages)) return false
  return v.messages.every(
    (m) =>
      m !== null &&
      typeof m === 'object' &&
      typeof m.topic === 'string' &&
      typeof m.message === 'string' &&
      typeof m.publishedAt === 'number' &&
      typeof m.expiresAt === 'number' &&
      typeof m.tag === 'number' &&
      typeof m.prompt === 'boolean' &&
      typeof m.publisher === 'string' &&
      Array.isArray(m.ackedBy) &&
      m.ackedBy.every((a: unknown) => typeof a === 'string'),
  )
}

/**
 * Keeps a JSON snapshot of the store in a file: written shortly after changes (coalesced) and on
 * close, atomically (temp file + rename), read back at start.
 */
export class SnapshotFile {
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly path: string,
    private readonly store: MessageStore,
    private readonly delayMs = 100,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  async load(): Promise<number> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
      throw error
    }
    return this.store.loadSnapshot(JSON.parse(text))
  }

  schedule(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, this.delayMs)
    this.timer.unref()
  }

  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    const snapshot = this.store.toSnapshot()
    this.writing = this.writing.then(async () => {
      try {
        await mkdir(dirname(this.path), { recursive: true })
        const tmp = `${this.path}.${process.pid}.tmp`
        await writeFile(tmp, JSON.stringify(snapshot))
        await rename(tmp, this.path)
      } catch (error) {
        this.onError(error as Error)
      }
    })
    return this.writing
  }
}
