import { exitOnStopSignals } from '@portico/ops'
import { configFromEnv } from './env.ts'
import { startApi } from './server.ts'
import { siwxConfigFromEnv } from './siwx/env.ts'

const api = await startApi({ ...configFromEnv(), siwx: siwxConfigFromEnv(process.env) })
const db = api.config.database
console.log(
  `portico api on ${api.url} (${db.kind === 'sqlite' ? `SQLite ${db.file}` : 'PostgreSQL'}; chains ${api.config.chains
    .map((c) => `${c.chainId}=${c.rpcUrl}`)
    .join(', ')})`,
)

exitOnStopSignals(() => api.close())
