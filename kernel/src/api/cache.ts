import { CACHE_TTL_MS } from '@portico/shared-types'
import type { Logger } from '@portico/shared-types/plugin'
import * as v from 'valibot'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { IdentitySchema, ReverseNamesSchema, TokenBalanceSchema } from './schemas.ts'
import { createTtlCache, type StorageLike } from './ttlCache.ts'

export { createTtlCache, type StorageLike, type TtlCache } from './ttlCache.ts'

export interface ServiceCacheOptions {
  now?: () => number
  log?: Pick<Logger, 'warn'>
}

/**
 * behaviour §9 cache lifetimes. Balances are keyed by CAIP address, identity and names by address. The
 * native balance is read from the chain, not this API: its cache is `account/nativeBalanceCache.ts`.
 */
export function createServiceCaches(storage: StorageLike | undefined, options: ServiceCacheOptions = {}) {
  return {
    balance: createTtlCache({
      storage,
      storageKey: STORAGE_KEYS.portfolioCache,
      ttlMs: CACHE_TTL_MS.balance,
      schema: v.array(TokenBalanceSchema),
      ...options,
    }),
    identity: createTtlCache({
      storage,
      storageKey: STORAGE_KEYS.identityCache,
      ttlMs: CACHE_TTL_MS.identity,
      schema: IdentitySchema,
      ...options,
    }),
    nameService: createTtlCache({
      storage,
      storageKey: STORAGE_KEYS.nameServiceCache,
      ttlMs: CACHE_TTL_MS.nameService,
      schema: ReverseNamesSchema,
      ...options,
    }),
  }
}

export type ServiceCaches = ReturnType<typeof createServiceCaches>
