import type { Repository } from './repository.ts'
import { openSqliteDriver } from './sqliteDriver.ts'
import { createSqlRepository } from './sqlRepository.ts'

/** The embedded store: one SQLite file, migrated on open. */
export async function createSqliteRepository(file: string): Promise<Repository> {
  const driver = openSqliteDriver(file)
  try {
    return await createSqlRepository(driver)
  } catch (err) {
    await driver.close()
    throw err
  }
}
