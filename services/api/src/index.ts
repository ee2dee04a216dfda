export {
  type ApiConfig,
  type ApiConfigInput,
  type ChainConfig,
  type ChainContract,
  type DatabaseConfig,
  DEFAULT_PROJECT_ID,
  defaultSqliteFile,
  type FixturesInput,
  resolveConfig,
  SPEC_SUPPORTED_CHAINS,
} from './config.ts'
// The SQL layer other services (services/auth-frame) build their own stores on.
export type { SqlDriver, SqlExecutor, SqlValue } from './db/driver.ts'
export { type Migration, migrate } from './db/migrations.ts'
export { openRepository } from './db/open.ts'
export { createPostgresRepository } from './db/postgres.ts'
export { openPostgresDriver, type PostgresOptions } from './db/postgresDriver.ts'
export type { Repository } from './db/repository.ts'
export { createSqliteRepository } from './db/sqlite.ts'
export { openSqliteDriver } from './db/sqliteDriver.ts'
export { displayText } from './displayText.ts'
export { configFromEnv } from './env.ts'
export { BodyTooLargeError, readBoundedText } from './http/boundedBody.ts'
export { drainOnClose } from './http/drain.ts'
export { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from './http/trustProxy.ts'
export { SIGNATURE_HEADER as ONRAMP_SIGNATURE_HEADER, signProviderCall } from './onramp/signature.ts'
export type { OnrampOrderView } from './onramp/view.ts'
export { type ApiServer, startApi } from './server.ts'
export { type SessionCreation, sessionCreationMessage } from './sessions/authorisation.ts'
export type { SiwxConfig, SiwxConfigInput } from './siwx/config.ts'
export { formatSiwxMessage, parseSiwxMessage, type SiwxMessageFields } from './siwx/message.ts'
export { createSiwxVerifier, type SiwxVerifier, type SiwxVerifierOptions } from './siwx/service.ts'
export type { SiwxSession } from './siwx/verify.ts'
export { NATIVE_ADDRESS } from './tokens.ts'
