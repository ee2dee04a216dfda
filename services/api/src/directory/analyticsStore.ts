import type { DatabaseConfig } from '../config.ts'
import type { SqlDriver } from '../db/driver.ts'
import { openPostgresDriver } from '../db/postgresDriver.ts'
import { openSqliteDriver } from '../db/sqliteDriver.ts'

/** One POST /e event (behaviour §7 Analytics): the SDK query properties plus the body. */
export interface AnalyticsEventRecord {
  projectId: string
  eventId: string
  sdkType: string
  sdkVersion: string | null
  clientId: string | null
  url: string
  domain: string
  /** Milliseconds, as the SDK sent it. */
  timestamp: number
  props: Record<string, unknown>
  origin: string | null
  /** Unix milliseconds the service stored it. */
  receivedAt: number
}

export interface AnalyticsStore {
  /** Stores an event; false when this project already sent that eventId (a retried POST). */
  record(event: AnalyticsEventRecord): Promise<boolean>
  /** Deletes events received before `receivedBefore` (unix ms); resolves to how many. */
  prune(receivedBefore: number): Promise<number>
  /** Newest first. */
  list(opts?: { projectId?: string; limit?: number }): Promise<AnalyticsEventRecord[]>
  close(): Promise<void>
}

// The repository has no generic place for events: the sink keeps its own table, created on open, in
// the same database through the same driver layer (statements valid on SQLite and PostgreSQL alike).
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS analytics_events (
    project_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    sdk_type TEXT NOT NULL,
    sdk_version TEXT,
    client_id TEXT,
    url TEXT NOT NULL,
    domain TEXT NOT NULL,
    event_timestamp BIGINT NOT NULL,
    props TEXT NOT NULL,
    origin TEXT,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (project_id, event_id)
  )`,
  'CREATE INDEX IF NOT EXISTS analytics_events_by_time ON analytics_events (project_id, received_at)',
  // Retention deletes by age across projects.
  'CREATE INDEX IF NOT EXISTS analytics_events_by_age ON analytics_events (received_at)',
]

type Num = number | string
interface EventRow {
  project_id: string
  event_id: string
  sdk_type: string
  sdk_version: string | null
  client_id: string | null
  url: string
  domain: string
  event_timestamp: Num
  props: string
  origin: string | null
  received_at: Num
}

export async function openAnalyticsStore(database: DatabaseConfig): Promise<AnalyticsStore> {
  const driver =
    database.kind === 'postgres'
      ? await openPostgresDriver({
          url: database.url,
          poolSize: 2,
          ...(database.schema !== undefined && { schema: database.schema }),
        })
      : openSqliteDriver(database.file)
  try {
    return await createAnalyticsStore(driver)
  } catch (err) {
    await driver.close()
    throw err
  }
}

export async function createAnalyticsStore(db: SqlDriver): Promise<AnalyticsStore> {
  await db.transaction(async (tx) => {
    await db.lockForMigrations(tx)
    for (const statement of SCHEMA) await tx.run(statement)
  })
  return {
    async record(e) {
      const changed = await db.run(
        `INSERT INTO analytics_events
           (project_id, event_id, sdk_type, sdk_version, client_id, url, domain, event_timestamp, props, origin, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (project_id, event_id) DO NOTHING`,
        [
          e.projectId,
          e.eventId,
          e.sdkType,
          e.sdkVersion,
          e.clientId,
          e.url,
          e.domain,
          Math.trunc(e.timestamp),
          JSON.stringify(e.props),
          e.origin,
          e.receivedAt,
        ],
      )
      return changed > 0
    },
    prune: (receivedBefore) => db.run('DELETE FROM analytics_events WHERE received_at < ?', [receivedBefore]),
    async list({ projectId, limit = 100 } = {}) {
      const rows = await db.all<EventRow>(
        `SELECT * FROM analytics_events ${projectId === undefined ? '' : 'WHERE project_id = ?'}
         ORDER BY received_at DESC, event_id LIMIT ?`,
        projectId === undefined ? [limit] : [projectId, limit],
      )
      return rows.map((row) => ({
        projectId: row.project_id,
        eventId: row.event_id,
        sdkType: row.sdk_type,
        sdkVersion: row.sdk_version,
        clientId: row.client_id,
        url: row.url,
        domain: row.domain,
        timestamp: Number(row.event_timestamp),
        props: JSON.parse(row.props) as Record<string, unknown>,
        origin: row.origin,
        receivedAt: Number(row.received_at),
      }))
    },
    close: () => db.close(),
  }
}
