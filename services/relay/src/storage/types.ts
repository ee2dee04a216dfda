/**
 * Where the relay keeps messages and how a publish reaches the subscribers. The embedded
 * implementation (SQLite in one process) is the default; a shared one (e.g. Redis, for several
 * relay nodes) implements the same two interfaces.
 */

/** One accepted message, kept until its TTL runs out. */
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
}

export interface PublishInput {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  prompt: boolean
  /** The publisher's client id (JWT iss). */
  publisher: string
  /** The publisher's IP address (stored-bytes quota per IP). */
  ip: string
}

/** Caps on stored bytes checked atomically with the insert; 0 or Infinity: no cap. */
export interface StoreQuota {
  perClientBytes: number
  perIpBytes: number
  totalBytes: number
}

/** What `add` did with one message. */
export type AddResult =
  | { kind: 'stored'; stored: StoredMessage }
  /** The same message was already stored on the topic (a client retry); its expiry was extended. */
  | { kind: 'duplicate'; stored: StoredMessage }

/** Thrown by `add` when a message would pass a stored-bytes cap; nothing was stored. */
export class QuotaExceededError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'QuotaExceededError'
  }
}

/** Thrown when the store could not write (disk full, locked, I/O error); nothing was accepted. */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StorageError'
  }
}

export interface PendingPage {
  limit: number
  maxBytes: number
}

export interface PendingResult {
  messages: StoredMessage[]
  more: boolean
}

export interface StoreHealth {
  /** True when the last write succeeded. */
  ok: boolean
  /** Where messages are kept: a file path, or "memory". */
  location: string
  /** The last write failure, while it lasts. */
  error?: string
  failedAt?: number
}

export interface StoreCounts {
  topics: number
  messages: number
  bytes: number
}

export interface MessageStore {
  /**
   * Stores the messages of one publish call, all or none: a cap passed throws QuotaExceededError,
   * a write failure StorageError, and in both cases nothing is stored.
   */
  add(inputs: readonly PublishInput[], quota: StoreQuota, now?: number): Promise<AddResult[]>
  /**
   * Live messages on `topic` that `clientId` neither published nor acknowledged, oldest first: at
   * most `page.limit` of them and, past the first, at most `page.maxBytes` of message text.
   * `more` tells whether messages were left out.
   */
  pending(topic: string, clientId: string, page: PendingPage, now?: number): Promise<PendingResult>
  /** Records that `clientId` received the message; false if it already had. */
  ack(topic: string, key: string, clientId: string): Promise<boolean>
  /** Drops expired messages; returns how many. */
  sweep(now?: number): Promise<number>
  counts(): Promise<StoreCounts>
  health(): StoreHealth
  close(): Promise<void>
}

/** Carries accepted messages to the subscribers (in this process, or on every relay node). */
export interface FanOut {
  publish(message: StoredMessage): void
  /** Listens for published messages; returns the unsubscribe function. */
  onMessage(listener: (message: StoredMessage) => void): () => void
  /**
   * Listens for gaps: times this node may have missed messages published elsewhere (a shared
   * fan-out that lost its connection). The relay then re-reads its clients' topics from the store.
   */
  onGap?(listener: () => void): () => void
  /**
   * A fan-out that delivers per topic: the relay calls `watch` when it gets its first subscriber of
   * a topic and `unwatch` when the last one leaves. `watching(topic)` is a promise while the watch is
   * being set up (resolving once messages published on the topic from then on reach this node);
   * the relay waits for it before reading the topic's stored messages, so none falls in between.
   */
  watch?(topic: string): void
  unwatch?(topic: string): void
  watching?(topic: string): Promise<void> | undefined
  close(): Promise<void>
}

/** The store and fan-out a relay runs on. */
export interface RelayBackend {
  store: MessageStore
  fanOut: FanOut
}
