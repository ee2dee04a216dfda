import pg from 'pg'
import type { SqlDriver, SqlExecutor, SqlValue } from './driver.ts'

export interface PostgresOptions {
  url: string
  /** Created if missing and used as search_path (lets tests run side by side). */
  schema?: string
  poolSize?: number
}

/** PostgreSQL through a pg pool; `?` parameters become `$1…$n`. */
export async function openPostgresDriver(opts: PostgresOptions): Promise<SqlDriver> {
  const schema = opts.schema
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`Bad schema name "${schema}": use lower-case letters, digits and _`)
  if (schema) {
    const setup = new pg.Client({ connectionString: opts.url })
    await setup.connect()
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    } finally {
      await setup.end()
    }
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    ...(schema && { options: `-c search_path=${schema}` }),
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const executor = (q: pg.Pool | pg.PoolClient): SqlExecutor => ({
    all: async <T>(sql: string, params: readonly SqlValue[] = []) =>
      (await q.query(numbered(sql), params as SqlValue[])).rows as T[],
    run: async (sql: string, params: readonly SqlValue[] = []) =>
      (await q.query(numbered(sql), params as SqlValue[])).rowCount ?? 0,
  })
  const onPool = executor(pool)
  return {
    dialect: 'postgres',
    ...onPool,
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(executor(client))
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {})
        throw err
      } finally {
        client.release()
      }
    },
    lockForMigrations: async (tx) => {
      await tx.all('SELECT pg_advisory_xact_lock(4180)')
    },
    close: () => pool.end(),
  }
}

/** `?` → `$n`. Our SQL never has `?` inside string literals. */
export function numbered(sql: string): string {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}
