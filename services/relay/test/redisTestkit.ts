/**
 * Redis for the relay's tests: PORTICO_REDIS_URL when set (a shared server: every test uses its
 * own key prefix, and tests that must restart Redis are skipped), else a throwaway redis-server
 * on a free 127.0.0.1 port (installed with apt-get when missing), AOF on, stopped afterwards.
 */
import { randomUUID } from 'node:crypto'
import { startRedis, type TestRedis } from '../../../scripts/lib/redis.mjs'

export interface RedisForTests {
  url: string
  /** The throwaway server (restart / kill), or undefined for PORTICO_REDIS_URL. */
  server: TestRedis | undefined
  stop(): Promise<void>
}

/** The time to allow for a first run that installs redis-server with apt-get. */
export const REDIS_SETUP_TIMEOUT_MS = 300_000

export async function redisForTests(): Promise<RedisForTests> {
  const external = process.env.PORTICO_REDIS_URL
  if (external) return { url: external, server: undefined, stop: async () => {} }
  const server = await startRedis()
  return { url: server.url, server, stop: () => server.stop() }
}

/** A key prefix no other test (or relay) uses. */
export const testPrefix = (): string => `portico:test:${randomUUID()}:`
