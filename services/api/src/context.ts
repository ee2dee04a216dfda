import type { ApiCaches } from './cache/caches.ts'
import type { ChainHandle } from './chain/clients.ts'
import type { ApiConfig } from './config.ts'
import type { Repository } from './db/repository.ts'
import type { ChainIndexStatus } from './indexer/indexer.ts'

/** What route handlers get: configuration, storage, chains and the indexer's progress. */
export interface ApiContext {
  config: ApiConfig
  repo: Repository
  chains: Map<number, ChainHandle>
  indexerStatus(): ChainIndexStatus[]
  /** Balance and history answers kept per account, invalidated by the indexer. */
  caches: ApiCaches
}
