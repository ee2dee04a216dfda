import type { SqlDriver } from './driver.ts'
import { migrate } from './migrations.ts'
import type { Repository } from './repository.ts'
import { sqlAccountMethods } from './sql-accounts.ts'
import { sqlDirectoryMethods } from './sql-directory.ts'
import { sqlHistoryMethods } from './sql-history.ts'
import { sqlNameMethods } from './sql-names.ts'
import { sqlNftMethods } from './sql-nfts.ts'
import { sqlOnrampMethods } from './sql-onramp.ts'
import { sqlSiwxNonceMethods } from './sql-siwx-nonces.ts'
import { sqlTokenMethods } from './sql-tokens.ts'

/**
 * The Repository over either SQL driver: every statement runs unchanged on both engines. Split by
 * purpose: tokens and prices, accounts (names, sessions), the history index.
 */
export async function createSqlRepository(driver: SqlDriver): Promise<Repository> {
  await migrate(driver)
  return {
    dialect: driver.dialect,
    close: () => driver.close(),
    ...sqlTokenMethods(driver),
    ...sqlAccountMethods(driver),
    ...sqlHistoryMethods(driver),
    ...sqlNameMethods(driver),
    ...sqlNftMethods(driver),
    ...sqlOnrampMethods(driver),
    ...sqlSiwxNonceMethods(driver),
    ...sqlDirectoryMethods(driver),
  }
}
