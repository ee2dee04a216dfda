import type { DatabaseConfig } from '../config.ts'
import { createPostgresRepository } from './postgres.ts'
import type { Repository } from './repository.ts'
import { createSqliteRepository } from './sqlite.ts'

export function openRepository(db: DatabaseConfig): Promise<Repository> {
  return db.kind === 'postgres'
    ? createPostgresRepository({ url: db.url, ...(db.schema !== undefined && { schema: db.schema }) })
    : createSqliteRepository(db.file)
}
