/** The few SQL operations the repository needs, implemented once per database engine. */
export type SqlValue = string | number | bigint | null

export interface SqlExecutor {
  /** Rows of a query (SELECT, or a write with RETURNING). `?` marks parameters. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  /** Runs a write; resolves to the number of rows changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>
}

export interface SqlDriver extends SqlExecutor {
  readonly dialect: 'sqlite' | 'postgres'
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
  /** Serialises schema changes between processes sharing the database (no-op where not needed). */
  lockForMigrations(tx: SqlExecutor): Promise<void>
  close(): Promise<void>
}
