import { CACHE_TTL_MS } from '@portico/shared-types'
import * as v from 'valibot'
import { createTtlCache, type TtlCache } from '../api/ttlCache.ts'
import type { Kernel } from '../kernel.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'

const NativeBalanceSchema = v.object({ balance: v.string(), symbol: v.string() })
export type CachedNativeBalance = v.InferOutput<typeof NativeBalanceSchema>

const caches = new WeakMap<Kernel, TtlCache<CachedNativeBalance>>()

/**
 * behaviour §9: the native balance of each account and network (`caipNetworkId:address`), kept 30 s
 * in the modal's storage, so a reload or a switch back shows it before the RPC answers.
 */
export function nativeBalanceCache(kernel: Kernel): TtlCache<CachedNativeBalance> {
  let cache = caches.get(kernel)
  if (!cache) {
    cache = createTtlCache({
      storage: {
        getItem: (key) => kernel.storage.getString(key) ?? null,
        setItem: (key, value) => kernel.storage.set(key, value),
        removeItem: (key) => kernel.storage.remove(key),
      },
      storageKey: STORAGE_KEYS.nativeBalanceCache,
      ttlMs: CACHE_TTL_MS.nativeBalance,
      schema: NativeBalanceSchema,
      now: () => Date.now(),
      log: kernel.log,
    })
    caches.set(kernel, cache)
  }
  return cache
}
