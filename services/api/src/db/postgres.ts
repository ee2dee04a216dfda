import { openPostgresDriver, type PostgresOptions } from './postgresDriver.ts'
import type { Repository } from './repository.ts'
import { createSqlRepository } from './sqlRepository.ts'

/** The PostgreSQL store, migrated on open. */
export async function createPostgresRepository(opts: PostgresOptions): Promise<Repository> {
  const driver = await openPostgresDriver(opts)
  try {
    return await createSqlRepository(driver)
  } catch (err) {
    await driver.close()
    throw err
  }
}
