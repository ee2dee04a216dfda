export { AuthError, audienceMatcher, type VerifiedClient, verifyClientJwt } from './auth.ts'
export { type RedisSource, relayBackendFromEnv, type StackRelayBackend } from './backendFromEnv.ts'
export {
  connectRelayClient,
  type Delivery,
  RelayClient,
  type RelayClientOptions,
  RelayConnectError,
  RelayRpcError,
  relayConnectUrl,
  signRelayJwt,
} from './client.ts'
export { ErrorCode } from './jsonrpc.ts'
export { DEFAULT_LIMITS, envName, limitsFromEnv, type RelayLimits } from './limits.ts'
export {
  type Relay,
  type RelayOptions,
  type RelayStats,
  startRelay,
  subscriptionId,
  TAGS,
} from './relay.ts'
export { LocalFanOut } from './storage/fanout.ts'
export { RedisStore, type RedisStoreOptions } from './storage/redis.ts'
export { createRedisBackend, type RedisBackend, type RedisBackendOptions } from './storage/redisBackend.ts'
export { RedisFanOut, type RedisFanOutOptions } from './storage/redisFanOut.ts'
export { SqliteStore, type SqliteStoreOptions } from './storage/sqlite.ts'
export type { FanOut, MessageStore, RelayBackend, StoredMessage, StoreHealth } from './storage/types.ts'
