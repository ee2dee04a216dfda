import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { sqliteAddonOptions } from './sqliteAddon.ts'

/**
 * Claims a SQLite database file for this API: an exclusive SQLite lock on `<file>.lock`, held by an
 * open connection until release. The operating system drops it when the process dies, so a crash
 * never leaves a stale lock. A second API on the same file (another process, or this one) is refused
 * with a clear error instead of both indexers resetting each other's history.
 */
export function lockSqliteFile(file: string): { release(): void } {
  const lockFile = `${file}.lock`
  mkdirSync(dirname(lockFile), { recursive: true })
  const db = new Database(lockFile, { timeout: 0, ...sqliteAddonOptions() })
  try {
    db.pragma('locking_mode = EXCLUSIVE')
    // The first write in exclusive mode takes the lock and keeps it until the connection closes.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS owner (pid INTEGER); COMMIT')
  } catch (err) {
    db.close()
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new Error(
        `SQLite database ${file} is in use by another running Portico API: a database belongs to one ` +
          'stack. Give this one its own file (PORTICO_API_SQLITE_FILE, or api.sqliteFile of startStack) ' +
          'or its own port (the default file is one per API port).',
      )
    throw err
  }
  let released = false
  return {
    release() {
      if (released) return
      released = true
      db.close()
    },
  }
}
