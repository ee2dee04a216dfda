import { RedisStore } from './redis.ts'
import { RedisFanOut } from './redisFanOut.ts'
import type { RelayBackend } from './types.ts'

export interface RedisBackendOptions {
  /** redis:// or rediss:// URL (PORTICO_REDIS_URL). */
  url: string
  /** Prefix of every key and of the channel; nodes of one cluster share it. Default "portico:relay:". */
  prefix?: string
  /** This node's id in the fan-out. Default: random. */
  nodeId?: string
  /** Oldest messages of a topic are dropped beyond this many. Default 10 000. */
  maxMessagesPerTopic?: number
  /** Called with each Redis failure (the relay's log). */
  onError?: (error: Error) => void
  /** How long to wait for Redis at start. Default 10 s. */
  startTimeoutMs?: number
}

export interface RedisBackend extends RelayBackend {
  store: RedisStore
  fanOut: RedisFanOut
}

/**
 * The store and fan-out of a relay node in a cluster on one Redis. Resolves once Redis answers and
 * the node listens on the fan-out channel; rejects (with everything closed) otherwise.
 */
export async function createRedisBackend(options: RedisBackendOptions): Promise<RedisBackend> {
  const common = {
    ...(options.prefix !== undefined && { prefix: options.prefix }),
    ...(options.onError !== undefined && { onError: options.onError }),
  }
  const store = new RedisStore(options.url, {
    ...common,
    ...(options.maxMessagesPerTopic !== undefined && { maxMessagesPerTopic: options.maxMessagesPerTopic }),
  })
  const fanOut = new RedisFanOut(options.url, {
    ...common,
    ...(options.nodeId !== undefined && { nodeId: options.nodeId }),
  })
  const waitMs = options.startTimeoutMs ?? 10_000
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      Promise.all([store.redis.ping(), fanOut.ready]),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${waitMs} ms`)), waitMs)
      }),
    ])
  } catch (error) {
    await Promise.all([store.close(), fanOut.close()])
    throw new Error(`Redis at ${store.health().location} is not reachable: ${(error as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
  return { store, fanOut }
}
