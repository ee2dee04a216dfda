import type { SqlDriver } from './driver.ts'
import { migrate } from './migrations.ts'
import type { Repository } from './repository.ts'
import { sqlAccountMethods } from './sqlAccounts.ts'
import { sqlDirectoryMethods } from './sqlDirectory.ts'
import { sqlHistoryMethods } from './sqlHistory.ts'
import { sqlNameMethods } from './sqlNames.ts'
import { sqlNftMethods } from './sqlNfts.ts'
import { sqlOnrampMethods } from './sqlOnramp.ts'
import { sqlSiwxNonceMethods } from './sqlSiwxNonces.ts'
import { sqlSponsoredGasMethods } from './sqlSponsoredGas.ts'
import { sqlTokenMethods } from './sqlTokens.ts'

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
    ...sqlSponsoredGasMethods(driver),
  }
}
