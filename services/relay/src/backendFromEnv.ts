import type { RelayBackend } from './storage/types.ts'

/** What the local stack needs to run the relay on Redis: a URL, or a way to start a throwaway server. */
export interface RedisSource {
  env: Record<string, string | undefined>
  /** Starts (installing if missing) a local redis-server; used when PORTICO_RELAY_STORE=redis names no URL. */
  startRedis(): Promise<{ url: string; stop(): Promise<void> }>
  createBackend(options: { url: string; prefix?: string }): Promise<RelayBackend>
}

export interface StackRelayBackend {
  backend: RelayBackend
  /** Where it runs, for the log (never the URL's credentials). */
  describe: string
  /** Stops the redis-server the stack started, if it started one (after the relay closed). */
  stop(): Promise<void>
}

/**
 * The relay store the stack runs on: the embedded SQLite store unless configured (undefined), Redis at
 * PORTICO_REDIS_URL, or with PORTICO_RELAY_STORE=redis and no URL a redis-server the stack starts itself.
 */
export async function relayBackendFromEnv(source: RedisSource): Promise<StackRelayBackend | undefined> {
  const { env } = source
  const store = env.PORTICO_RELAY_STORE ?? (env.PORTICO_REDIS_URL ? 'redis' : 'embedded')
  if (store === 'embedded') return undefined
  if (store !== 'redis') throw new Error(`PORTICO_RELAY_STORE must be "embedded" or "redis", not "${store}"`)
  const prefix = env.PORTICO_REDIS_PREFIX
  const configured = env.PORTICO_REDIS_URL
  if (configured) {
    const url = new URL(configured)
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
      throw new Error(`PORTICO_REDIS_URL must be a redis:// or rediss:// URL, not ${url.protocol}`)
    const backend = await source.createBackend({ url: configured, ...(prefix ? { prefix } : {}) })
    return { backend, describe: `redis ${url.host}`, stop: async () => {} }
  }
  const started = await source.startRedis()
  try {
    const backend = await source.createBackend({ url: started.url, ...(prefix ? { prefix } : {}) })
    return {
      backend,
      describe: `redis ${new URL(started.url).host} (started by the stack)`,
      stop: started.stop,
    }
  } catch (error) {
    await started.stop()
    throw error
  }
}
