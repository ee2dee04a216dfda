import type { Repository } from './repository.ts'
import { createSqlRepository } from './sql-repository.ts'
import { openSqliteDriver } from './sqlite-driver.ts'

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
