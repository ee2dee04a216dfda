/** Runs the IdP alone: PORTICO_IDP_PORT (4201), PORTICO_AUTH_FRAME_URL (the callback's origin). */
import {
  createServiceLog,
  exitOnStopSignals,
  isProduction,
  logLevelFromEnv,
  metricsTokenFromEnv,
} from '@portico/ops'
import { startIdp } from './server.ts'

const port = Number(process.env.PORTICO_IDP_PORT ?? 4201)
const frame = process.env.PORTICO_AUTH_FRAME_URL ?? 'http://localhost:4200'
const log = createServiceLog('idp', { level: logLevelFromEnv() })
const idp = await startIdp({
  production: isProduction(),
  log,
  ...(process.env.PORTICO_METRICS_TOKEN ? { metricsToken: metricsTokenFromEnv() } : {}),
  port,
  redirectUris: [`${frame}/social/callback`],
  ...(process.env.PORTICO_IDP_CLIENT_SECRET_SEED
    ? { clientSecretSeed: process.env.PORTICO_IDP_CLIENT_SECRET_SEED }
    : {}),
})
log.info(`idp: ${idp.url} (redirects to ${frame}/social/callback)`, { url: idp.url })
exitOnStopSignals(() => idp.close())
