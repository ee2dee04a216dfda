import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.ts'
import { configFromEnv } from '../env.ts'

describe('answer cache configuration', () => {
  it('defaults: balances 5 s, history pages 60 s, 10 000 entries each', () => {
    expect(resolveConfig(configFromEnv({})).cache).toEqual({
      balanceTtlMs: 5_000,
      historyTtlMs: 60_000,
      maxEntries: 10_000,
    })
  })

  it('PORTICO_BALANCE_CACHE_MS, PORTICO_HISTORY_CACHE_MS, PORTICO_API_CACHE_ENTRIES (0 turns off)', () => {
    const env = {
      PORTICO_BALANCE_CACHE_MS: '0',
      PORTICO_HISTORY_CACHE_MS: '5000',
      PORTICO_API_CACHE_ENTRIES: '99',
    }
    expect(resolveConfig(configFromEnv(env)).cache).toEqual({
      balanceTtlMs: 0,
      historyTtlMs: 5000,
      maxEntries: 99,
    })
    expect(() => configFromEnv({ PORTICO_API_CACHE_ENTRIES: '-1' })).toThrow(/PORTICO_API_CACHE_ENTRIES/)
    expect(() => configFromEnv({ PORTICO_BALANCE_CACHE_MS: 'soon' })).toThrow(/PORTICO_BALANCE_CACHE_MS/)
  })
})
