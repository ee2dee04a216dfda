import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { sqliteAddonOptions } from './sqliteAddon.ts'
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

export const messageKey = (message: string): string => createHash('sha256').update(message).digest('hex')

export interface SqliteStoreOptions {
  /** Oldest messages of a topic are dropped beyond this many. Default 10 000. */
  maxMessagesPerTopic?: number
  /** How long a write waits for a lock held by another connection, ms. Default 250. */
  busyTimeoutMs?: number
  /** Called with each write failure (the relay logs it). */
  onError?: (error: Error) => void
}

interface Row {
  id: number
  topic: string
  message: string
  key: string
  published_at: number
  expires_at: number
  tag: number
  prompt: number
  publisher: string
}

interface Freed {
  publisher: string
  ip: string
  bytes: number
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY,
  topic TEXT NOT NULL,
  key TEXT NOT NULL,
  message TEXT NOT NULL,
  published_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  tag INTEGER NOT NULL,
  prompt INTEGER NOT NULL,
  publisher TEXT NOT NULL,
  ip TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  UNIQUE (topic, key)
);
CREATE INDEX IF NOT EXISTS messages_by_topic ON messages (topic, published_at, id);
CREATE INDEX IF NOT EXISTS messages_by_expiry ON messages (expires_at);
CREATE TABLE IF NOT EXISTS acks (
  message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  client TEXT NOT NULL,
  PRIMARY KEY (message_id, client)
) WITHOUT ROWID;
`

const toStored = (r: Row): StoredMessage => ({
  topic: r.topic,
  message: r.message,
  key: r.key,
  publishedAt: r.published_at,
  expiresAt: r.expires_at,
  tag: r.tag,
  prompt: r.prompt === 1,
  publisher: r.publisher,
})

const capped = (cap: number) => (cap > 0 ? cap : Number.POSITIVE_INFINITY)

/**
 * The embedded message store: one SQLite database (a file, or `:memory:`). Every publish, ack and
 * sweep is its own small transaction, so the file is written incrementally (WAL) and an accepted
 * message is on disk before the publisher gets its answer. Stored bytes are counted per client id,
 * per IP and in total, and the quota is checked in the same transaction as the insert.
 */
export class SqliteStore implements MessageStore {
  private readonly db: Database.Database
  private readonly byClient = new Map<string, number>()
  private readonly byIp = new Map<string, number>()
  private totalBytes = 0
  private lastError: { message: string; at: number } | undefined
  private readonly maxPerTopic: number
  private readonly onError: (error: Error) => void
  private readonly q

  constructor(
    readonly location: string,
    options: SqliteStoreOptions = {},
  ) {
    this.maxPerTopic = options.maxMessagesPerTopic ?? 10_000
    this.onError = options.onError ?? (() => {})
    if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true })
    this.db = new Database(location, { timeout: options.busyTimeoutMs ?? 250, ...sqliteAddonOptions() })
    if (location !== ':memory:') this.db.pragma('journal_mode = WAL')
    // WAL + NORMAL: a committed publish survives the relay process dying; fsync at checkpoints.
    this.db.pragma('synchronous = NORMAL')
    this.db.pragma('foreign_keys = ON')
    this.db.exec(SCHEMA)
    const db = this.db
    this.q = {
      find: db.prepare<[string, string], Row>('SELECT * FROM messages WHERE topic = ? AND key = ?'),
      extend: db.prepare<[number, number]>('UPDATE messages SET expires_at = ? WHERE id = ?'),
      remove: db.prepare<[number], Freed>('DELETE FROM messages WHERE id = ? RETURNING publisher, ip, bytes'),
      insert: db.prepare<
        [string, string, string, number, number, number, number, string, string, number],
        Row
      >(
        `INSERT INTO messages (topic, key, message, published_at, expires_at, tag, prompt, publisher, ip, bytes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      ),
      countTopic: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM messages WHERE topic = ?'),
      trimTopic: db.prepare<[string, number], Freed>(
        `DELETE FROM messages WHERE id IN (
           SELECT id FROM messages WHERE topic = ? ORDER BY published_at, id LIMIT ?
         ) RETURNING publisher, ip, bytes`,
      ),
      pending: db.prepare<[string, number, string, string, number], Row>(
        `SELECT m.* FROM messages m
         WHERE m.topic = ? AND m.expires_at > ? AND m.publisher != ?
           AND NOT EXISTS (SELECT 1 FROM acks a WHERE a.message_id = m.id AND a.client = ?)
         ORDER BY m.published_at, m.id LIMIT ?`,
      ),
      ack: db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO acks (message_id, client) SELECT id, ? FROM messages WHERE topic = ? AND key = ?',
      ),
      sweep: db.prepare<[number], Freed>(
        'DELETE FROM messages WHERE expires_at <= ? RETURNING publisher, ip, bytes',
      ),
      counts: db.prepare<[], { topics: number; messages: number }>(
        'SELECT COUNT(DISTINCT topic) AS topics, COUNT(*) AS messages FROM messages',
      ),
      usage: db.prepare<[], Freed>(
        'SELECT publisher, ip, SUM(bytes) AS bytes FROM messages GROUP BY publisher, ip',
      ),
    }
    for (const u of this.q.usage.all()) this.count(u, 1)
  }

  private count(u: Freed, sign: 1 | -1) {
    const d = sign * u.bytes
    this.totalBytes += d
    const c = (this.byClient.get(u.publisher) ?? 0) + d
    if (c > 0) this.byClient.set(u.publisher, c)
    else this.byClient.delete(u.publisher)
    const i = (this.byIp.get(u.ip) ?? 0) + d
    if (i > 0) this.byIp.set(u.ip, i)
    else this.byIp.delete(u.ip)
  }

  /** Runs a write; a failure is remembered for health() and reported, then thrown as StorageError. */
  private write<T>(what: string, fn: () => T): T {
    try {
      const result = this.db.transaction(fn)()
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
    const changes: Array<[Freed, 1 | -1]> = []
    const results = this.write('storing a message', () => {
      // Usage as it will be once this call's earlier changes are committed.
      const client = new Map<string, number>()
      const ip = new Map<string, number>()
      let total = this.totalBytes
      const track = (f: Freed, sign: 1 | -1) => {
        changes.push([f, sign])
        total += sign * f.bytes
        client.set(
          f.publisher,
          (client.get(f.publisher) ?? this.byClient.get(f.publisher) ?? 0) + sign * f.bytes,
        )
        ip.set(f.ip, (ip.get(f.ip) ?? this.byIp.get(f.ip) ?? 0) + sign * f.bytes)
      }
      const out: AddResult[] = []
      for (const input of inputs) {
        const key = messageKey(input.message)
        const expiresAt = now + input.ttlSeconds * 1000
        const existing = this.q.find.get(input.topic, key)
        if (existing && existing.expires_at > now) {
          if (expiresAt > existing.expires_at) {
            this.q.extend.run(expiresAt, existing.id)
            existing.expires_at = expiresAt
          }
          out.push({ kind: 'duplicate', stored: toStored(existing) })
          continue
        }
        if (existing) {
          const freed = this.q.remove.get(existing.id)
          if (freed) track(freed, -1)
        }
        const bytes = Buffer.byteLength(input.message) + input.topic.length
        const used = {
          client: client.get(input.publisher) ?? this.byClient.get(input.publisher) ?? 0,
          ip: ip.get(input.ip) ?? this.byIp.get(input.ip) ?? 0,
        }
        if (used.client + bytes > capped(quota.perClientBytes)) {
          throw new QuotaExceededError(
            `Quota exceeded: this client id already stores ${used.client} bytes (cap ${quota.perClientBytes})`,
          )
        }
        if (used.ip + bytes > capped(quota.perIpBytes)) {
          throw new QuotaExceededError(
            `Quota exceeded: this IP address already stores ${used.ip} bytes (cap ${quota.perIpBytes})`,
          )
        }
        if (total + bytes > capped(quota.totalBytes)) {
          throw new QuotaExceededError(
            `Quota exceeded: the relay's message store is full (${total} of ${quota.totalBytes} bytes)`,
          )
        }
        const row = this.q.insert.get(
          input.topic,
          key,
          input.message,
          now,
          expiresAt,
          input.tag,
          input.prompt ? 1 : 0,
          input.publisher,
          input.ip,
          bytes,
        )
        if (!row) throw new Error('insert returned no row')
        track({ publisher: input.publisher, ip: input.ip, bytes }, 1)
        const over = (this.q.countTopic.get(input.topic)?.n ?? 0) - this.maxPerTopic
        if (over > 0) for (const f of this.q.trimTopic.all(input.topic, over)) track(f, -1)
        out.push({ kind: 'stored', stored: toStored(row) })
      }
      return out
    })
    for (const [u, sign] of changes) this.count(u, sign)
    return results
  }

  async pending(
    topic: string,
    clientId: string,
    page: PendingPage,
    now = Date.now(),
  ): Promise<PendingResult> {
    // Rows are read one at a time: a page of large messages never sits in memory beyond maxBytes.
    const messages: StoredMessage[] = []
    let bytes = 0
    let more = false
    for (const row of this.q.pending.iterate(topic, now, clientId, clientId, page.limit + 1)) {
      const size = row.message.length
      if (messages.length >= page.limit || (messages.length > 0 && bytes + size > page.maxBytes)) {
        more = true
        break
      }
      bytes += size
      messages.push(toStored(row))
    }
    return { messages, more }
  }

  async ack(topic: string, key: string, clientId: string): Promise<boolean> {
    return this.write('recording an ack', () => this.q.ack.run(clientId, topic, key).changes > 0)
  }

  async sweep(now = Date.now()): Promise<number> {
    const freed = this.write('dropping expired messages', () => this.q.sweep.all(now))
    for (const f of freed) this.count(f, -1)
    return freed.length
  }

  async counts(): Promise<StoreCounts> {
    const c = this.q.counts.get() ?? { topics: 0, messages: 0 }
    return { topics: c.topics, messages: c.messages, bytes: this.totalBytes }
  }

  /** Stored bytes of one client id and one IP (for tests and stats). */
  usage(clientId: string, ip: string): { client: number; ip: number; total: number } {
    return { client: this.byClient.get(clientId) ?? 0, ip: this.byIp.get(ip) ?? 0, total: this.totalBytes }
  }

  health(): StoreHealth {
    const location = this.location === ':memory:' ? 'memory' : this.location
    return this.lastError
      ? { ok: false, location, error: this.lastError.message, failedAt: this.lastError.at }
      : { ok: true, location }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close()
  }
}
