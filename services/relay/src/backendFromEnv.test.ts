import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  REDIS_SETUP_TIMEOUT_MS,
  type RedisForTests,
  redisForTests,
  testPrefix,
} from '../test/redisTestkit.ts'
import { relayBackendFromEnv } from './backendFromEnv.ts'
import { startRelay } from './relay.ts'
import { createRedisBackend } from './storage/redisBackend.ts'

let redis: RedisForTests
beforeAll(async () => {
  redis = await redisForTests()
}, REDIS_SETUP_TIMEOUT_MS)
afterAll(() => redis?.stop())

const noStart = async () => {
  throw new Error('must not start a redis-server')
}

describe('relayBackendFromEnv (the local stack’s relay store)', () => {
  it('keeps the embedded store when nothing is configured', async () => {
    await expect(relayBackendFromEnv({ env: {}, startRedis: noStart, createBackend: noStart })).resolves.toBe(
      undefined,
    )
  })

  it('runs on the Redis of PORTICO_REDIS_URL: a relay on it stores and health-checks through Redis', async () => {
    const chosen = await relayBackendFromEnv({
      env: { PORTICO_REDIS_URL: redis.url, PORTICO_REDIS_PREFIX: testPrefix() },
      startRedis: noStart,
      createBackend: createRedisBackend,
    })
    expect(chosen?.describe).toBe(`redis ${new URL(redis.url).host}`)
    const relay = await startRelay({ host: '127.0.0.1', port: 0, log: false, backend: chosen?.backend })
    const health = await fetch(relay.url.replace('ws:', 'http:').replace(/\/?$/, '/health'))
    expect(health.status).toBe(200)
    const body = (await health.json()) as { persistence: { location: string } }
    expect(body.persistence.location).toContain(new URL(redis.url).host)
    await relay.close()
    await chosen?.stop()
  })

  it('PORTICO_RELAY_STORE=redis without a URL starts a redis-server and stops it after', async () => {
    const events: string[] = []
    const chosen = await relayBackendFromEnv({
      env: { PORTICO_RELAY_STORE: 'redis', PORTICO_REDIS_PREFIX: testPrefix() },
      startRedis: async () => {
        events.push('start')
        return { url: redis.url, stop: async () => void events.push('stop') }
      },
      createBackend: createRedisBackend,
    })
    expect(chosen?.describe).toContain('started by the stack')
    await chosen?.backend.store.close()
    await chosen?.backend.fanOut.close()
    await chosen?.stop()
    expect(events).toEqual(['start', 'stop'])
  })

  it('refuses an unknown store and a URL that is not redis://, starting nothing', async () => {
    await expect(
      relayBackendFromEnv({
        env: { PORTICO_RELAY_STORE: 'mongo' },
        startRedis: noStart,
        createBackend: noStart,
      }),
    ).rejects.toThrow('PORTICO_RELAY_STORE must be "embedded" or "redis"')
    await expect(
      relayBackendFromEnv({
        env: { PORTICO_REDIS_URL: 'http://127.0.0.1:6379' },
        startRedis: noStart,
        createBackend: noStart,
      }),
    ).rejects.toThrow('must be a redis:// or rediss:// URL')
  })
})
