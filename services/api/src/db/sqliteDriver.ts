import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { SqlDriver, SqlExecutor, SqlValue } from './driver.ts'
import { sqliteAddonOptions } from './sqliteAddon.ts'

type Db = Database.Database

/**
 * SQLite through better-sqlite3. Writes go through one connection and are serialised (a transaction
 * never sees another flow's statements); plain reads use a second, read-only connection, so they never
 * see uncommitted rows (WAL lets them run beside a write).
 */
export function openSqliteDriver(file: string): SqlDriver {
  if (file === ':memory:' || file === '') throw new Error('SQLite needs a file (two connections share it)')
  mkdirSync(dirname(file), { recursive: true })
  const writer = new Database(file, sqliteAddonOptions())
  writer.pragma('journal_mode = WAL')
  writer.pragma('synchronous = NORMAL')
  writer.pragma('busy_timeout = 5000')
  let reader: Db | undefined
  const readerDb = (): Db => {
    if (!reader) {
      reader = new Database(file, { readonly: true, fileMustExist: true, ...sqliteAddonOptions() })
      reader.pragma('busy_timeout = 5000')
    }
    return reader
  }
  const cache = new WeakMap<Db, Map<string, Database.Statement>>()
  const prepare = (db: Db, sql: string): Database.Statement => {
    let stmts = cache.get(db)
    if (!stmts) {
      stmts = new Map()
      cache.set(db, stmts)
    }
    let stmt = stmts.get(sql)
    if (!stmt) {
      stmt = db.prepare(sql)
      stmts.set(sql, stmt)
    }
    return stmt
  }
  const executor = (db: Db): SqlExecutor => ({
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => prepare(db, sql).all(...params) as T[],
    run: async (sql: string, params: readonly SqlValue[] = []) => prepare(db, sql).run(...params).changes,
  })
  const onWriter = executor(writer)
  let queue: Promise<unknown> = Promise.resolve()
  const serialised = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = queue.then(fn)
    queue = result.catch(() => undefined)
    return result
  }
  let closed = false

  return {
    dialect: 'sqlite',
    all: <T>(sql: string, params?: readonly SqlValue[]) =>
      /^\s*select/i.test(sql)
        ? Promise.resolve(prepare(readerDb(), sql).all(...(params ?? [])) as T[])
        : serialised(() => onWriter.all<T>(sql, params)),
    run: (sql, params) => serialised(() => onWriter.run(sql, params)),
    transaction: (fn) =>
      serialised(async () => {
        writer.exec('BEGIN IMMEDIATE')
        try {
          const result = await fn(onWriter)
          writer.exec('COMMIT')
          return result
        } catch (err) {
          if (writer.inTransaction) writer.exec('ROLLBACK')
          throw err
        }
      }),
    lockForMigrations: async () => {},
    close: () =>
      serialised(async () => {
        if (closed) return
        closed = true
        reader?.close()
        writer.close()
      }),
  }
}
