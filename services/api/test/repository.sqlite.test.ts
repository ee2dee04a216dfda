import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteRepository } from '../src/db/sqlite.ts'
import { describeRepository } from './repository.suite.ts'

describeRepository('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-api-repo-'))
  const file = join(dir, 'api.sqlite')
  return {
    open: () => createSqliteRepository(file),
    destroy: async () => rmSync(dir, { recursive: true, force: true }),
  }
})
