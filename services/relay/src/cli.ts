import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createServiceLog,
  exitOnStopSignals,
  isProduction,
  lineLog,
  logLevelFromEnv,
  metricsTokenFromEnv,
  projectsFromEnv,
} from '@portico/ops'
import { limitsFromEnv, type RelayLimits } from './limits.ts'
import { startRelay } from './relay.ts'
import { createRedisBackend } from './storage/redisBackend.ts'
import type { RelayBackend } from './storage/types.ts'

// PORTICO_RELAY_PORT (default 4190), PORTICO_RELAY_HOST (default 127.0.0.1),
// PORTICO_RELAY_DATA: SQLite file keeping pending messages across restarts (default
// .data/messages.sqlite in this package; "memory" keeps them in memory only), PORTICO_RELAY_LOG=0
// to silence the log, PORTICO_RELAY_MAX_* for the limits (limits.ts).
const port = Number(process.env.PORTICO_RELAY_PORT ?? 4190)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORTICO_RELAY_PORT must be a port number, got ${process.env.PORTICO_RELAY_PORT}`)
  process.exit(2)
}
const host = process.env.PORTICO_RELAY_HOST ?? '127.0.0.1'
const data = process.env.PORTICO_RELAY_DATA
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dataFile = data === 'memory' ? undefined : resolve(data ?? resolve(packageDir, '.data/messages.sqlite'))
let limits: Partial<RelayLimits>
let metricsToken: string | undefined
let projectIds: string[] | undefined
try {
  limits = limitsFromEnv(process.env)
  metricsToken = metricsTokenFromEnv(process.env)
  // PORTICO_PROJECTS: the one project list (the API and auth frame read its origins too).
  const projects = projectsFromEnv(process.env)
  projectIds = projects && Object.keys(projects)
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}

// PORTICO_REDIS_URL: run as one node of a cluster on that Redis (messages and fan-out there;
// PORTICO_RELAY_DATA is then unused), PORTICO_REDIS_PREFIX its key prefix (default portico:relay:).
const redisUrl = process.env.PORTICO_REDIS_URL
const serviceLog = createServiceLog('relay', { level: logLevelFromEnv() })
const log = lineLog(serviceLog, 'warn')
let backend: RelayBackend | undefined
if (redisUrl) {
  try {
    backend = await createRedisBackend({
      url: redisUrl,
      ...(process.env.PORTICO_REDIS_PREFIX && { prefix: process.env.PORTICO_REDIS_PREFIX }),
      onError: (e) => log(`persistence failure: ${e.message}`),
    })
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
}

// PORTICO_RELAY_TRUST_PROXY: the reverse proxies in front (addresses, CIDRs, loopback…, comma-separated).
const trustProxy = process.env.PORTICO_RELAY_TRUST_PROXY?.split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)

const relay = await startRelay({
  production: isProduction(),
  ...(metricsToken !== undefined && { metricsToken }),
  ...(projectIds !== undefined && { projectIds }),
  host,
  port,
  log: process.env.PORTICO_RELAY_LOG !== '0',
  logTraffic: process.env.PORTICO_RELAY_LOG === 'traffic',
  ...(dataFile !== undefined && { dataFile }),
  ...(backend !== undefined && { backend }),
  ...(trustProxy?.length ? { trustProxy } : {}),
  limits,
})
serviceLog.info(`relay ready at ${relay.url}`, { url: relay.url })

exitOnStopSignals(() => relay.close())
