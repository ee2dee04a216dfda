import {
  createServiceLog,
  exitOnStopSignals,
  isProduction,
  lineLog,
  logLevelFromEnv,
  metricsTokenFromEnv,
} from '@portico/ops'
import type { Hex } from 'viem'
import { startOnramp } from './server.ts'
import { DEFAULT_TREASURY_KEY } from './treasury.ts'

/**
 * Runs the provider page alone: PORTICO_ONRAMP_PORT (4202), PORTICO_API_URL (http://127.0.0.1:4180),
 * PORTICO_ONRAMP_SECRET (the API's, required), PORTICO_CHAINS ("31337=http://…,31338=http://…"),
 * PORTICO_ONRAMP_TREASURY_KEY (0x key; default the sandbox key), PORTICO_ONRAMP_RECEIPT_TIMEOUT_MS
 * (30000), PORTICO_ONRAMP_SWEEP_MS (15000; 0 = off). The treasury must hold the tokens.
 */
const env = process.env
const production = isProduction(env)
const secret = env.PORTICO_ONRAMP_SECRET ?? ''
// Production lists a missing secret with every dev default (production.ts).
if (!production && secret.length < 32)
  throw new Error('PORTICO_ONRAMP_SECRET: set the API secret (≥ 32 characters)')
const key = (env.PORTICO_ONRAMP_TREASURY_KEY ?? DEFAULT_TREASURY_KEY) as Hex
if (!/^0x[0-9a-fA-F]{64}$/.test(key))
  throw new Error('PORTICO_ONRAMP_TREASURY_KEY: expected a 0x private key')
const chains = (env.PORTICO_CHAINS ?? '31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546')
  .split(',')
  .map((entry) => {
    const [id, rpcUrl] = entry.split(/=(.*)/s)
    if (!id || !/^\d+$/.test(id) || !rpcUrl || !/^https?:\/\//.test(rpcUrl))
      throw new Error(`PORTICO_CHAINS: expected "<chainId>=<http url>", got "${entry}"`)
    return { chainId: Number(id), rpcUrl }
  })
const millis = (name: string): number | undefined => {
  const value = env[name]
  if (value === undefined || value === '') return undefined
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${name}: expected milliseconds, got "${value}"`)
  return Number(value)
}
const receiptTimeoutMs = millis('PORTICO_ONRAMP_RECEIPT_TIMEOUT_MS')
const sweepIntervalMs = millis('PORTICO_ONRAMP_SWEEP_MS')
const metricsToken = metricsTokenFromEnv(env)
const serviceLog = createServiceLog('onramp', { level: logLevelFromEnv(env) })
const server = await startOnramp({
  production,
  ...(metricsToken !== undefined && { metricsToken }),
  host: env.PORTICO_HOST ?? '127.0.0.1',
  port: Number(env.PORTICO_ONRAMP_PORT ?? 4202),
  apiUrl: env.PORTICO_API_URL ?? 'http://127.0.0.1:4180',
  secret,
  treasuryKey: key,
  chains,
  ...(receiptTimeoutMs !== undefined && { receiptTimeoutMs }),
  ...(sweepIntervalMs !== undefined && { sweepIntervalMs }),
  log: lineLog(serviceLog, 'warn'),
  accessLog: serviceLog,
})
serviceLog.info(`on-ramp provider page: ${server.url} (treasury ${server.treasury})`, {
  url: server.url,
  treasury: server.treasury,
})

exitOnStopSignals(() => server.close())
