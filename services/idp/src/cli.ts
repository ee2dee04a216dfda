/** Runs the IdP alone: PORTICO_IDP_PORT (4201), PORTICO_AUTH_FRAME_URL (the callback's origin). */
import { isProduction, metricsTokenFromEnv } from '@portico/ops'
import { startIdp } from './server.ts'

const port = Number(process.env.PORTICO_IDP_PORT ?? 4201)
const frame = process.env.PORTICO_AUTH_FRAME_URL ?? 'http://localhost:4200'
const idp = await startIdp({
  production: isProduction(),
  ...(process.env.PORTICO_METRICS_TOKEN ? { metricsToken: metricsTokenFromEnv() } : {}),
  port,
  redirectUris: [`${frame}/social/callback`],
  ...(process.env.PORTICO_IDP_CLIENT_SECRET_SEED
    ? { clientSecretSeed: process.env.PORTICO_IDP_CLIENT_SECRET_SEED }
    : {}),
})
console.log(`idp: ${idp.url} (redirects to ${frame}/social/callback)`)
const stop = () => void idp.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
