// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { createServiceCaches } from './cache.ts'
import type { StorageLike } from './ttlCache.ts'

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const BALANCE = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  price: 1,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}

describe('createServiceCaches', () => {
  it('uses the behaviour reference lifetimes: balances 30 s, identity and names 5 min', () => {
    let time = 0
    const caches = createServiceCaches(memoryStorage(), { now: () => time })
    caches.balance.set('eip155:1:0x1', [BALANCE])
    caches.identity.set('0x1', { name: 'a', avatar: null })
    caches.nameService.set('0x1', [{ name: 'a.reown.id', addresses: {}, attributes: [] }])
    time = 29_999
    expect(caches.balance.get('eip155:1:0x1')).toEqual([BALANCE])
    time = 30_000
    expect(caches.balance.get('eip155:1:0x1')).toBeUndefined()
    expect(caches.identity.get('0x1')).toEqual({ name: 'a', avatar: null })
    expect(caches.nameService.get('0x1')).toHaveLength(1)
    time = 300_000
    expect(caches.identity.get('0x1')).toBeUndefined()
    expect(caches.nameService.get('0x1')).toBeUndefined()
  })

  it('stores under the behaviour reference browser-stored keys', () => {
    const storage = memoryStorage()
    const caches = createServiceCaches(storage)
    caches.balance.set('k', [])
    caches.identity.set('k', { name: null, avatar: null })
    caches.nameService.set('k', [])
    expect([...storage.data.keys()].sort()).toEqual(
      [STORAGE_KEYS.portfolioCache, STORAGE_KEYS.identityCache, STORAGE_KEYS.nameServiceCache].sort(),
    )
  })
})
