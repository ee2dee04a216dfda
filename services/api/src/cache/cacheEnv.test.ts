import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.ts'
import { configFromEnv } from '../env.ts'

describe('answer cache configuration', () => {
  it('defaults: balances 5 s, history pages 60 s, 10 000 entries and 64 MiB each', () => {
    expect(resolveConfig(configFromEnv({})).cache).toEqual({
      balanceTtlMs: 5_000,
      historyTtlMs: 60_000,
      maxEntries: 10_000,
      maxBytes: 64 * 1024 * 1024,
    })
  })

  it('PORTICO_BALANCE_CACHE_MS, PORTICO_HISTORY_CACHE_MS, PORTICO_API_CACHE_ENTRIES, PORTICO_API_CACHE_MB (0 turns off)', () => {
    const env = {
      PORTICO_BALANCE_CACHE_MS: '0',
      PORTICO_HISTORY_CACHE_MS: '5000',
      PORTICO_API_CACHE_ENTRIES: '99',
      PORTICO_API_CACHE_MB: '3',
    }
    expect(resolveConfig(configFromEnv(env)).cache).toEqual({
      balanceTtlMs: 0,
      historyTtlMs: 5000,
      maxEntries: 99,
      maxBytes: 3 * 1024 * 1024,
    })
    expect(() => configFromEnv({ PORTICO_API_CACHE_ENTRIES: '-1' })).toThrow(/PORTICO_API_CACHE_ENTRIES/)
    expect(() => configFromEnv({ PORTICO_API_CACHE_MB: '1.5' })).toThrow(/PORTICO_API_CACHE_MB/)
    expect(() => configFromEnv({ PORTICO_BALANCE_CACHE_MS: 'soon' })).toThrow(/PORTICO_BALANCE_CACHE_MS/)
  })
})
