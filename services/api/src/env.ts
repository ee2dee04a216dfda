import { readFileSync } from 'node:fs'
import {
  AA_FIXTURES,
  dexAddresses,
  FIXED_PRICES,
  fixtureAddresses,
  PAYMASTER_FIXTURE,
  priceFeedAddresses,
} from '@portico/devnet'
import { isProduction, metricsTokenFromEnv, projectsFromEnv } from '@portico/ops'
import {
  type ApiConfig,
  type ApiConfigInput,
  type ChainConfig,
  type ChainContract,
  DEFAULT_CHAINS,
  type FixturesInput,
} from './config.ts'
import { parseTrustProxy } from './http/trustProxy.ts'
import { onrampProvidersFromEnv } from './onramp/env.ts'
import { paymasterFromEnv } from './paymaster/env.ts'
import { priceOptionsFromEnv } from './prices/options.ts'

/** Chains the devnet deploys its fixtures on (same addresses on each). */
const DEVNET_CHAIN_IDS = new Set([31337, 31338])

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/**
 * Reads the service configuration from environment variables (see README.md for the list).
 * Throws with the variable's name on a malformed value.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ApiConfigInput {
  const input: ApiConfigInput = {}
  if (isProduction(env)) input.production = true
  const projects = projectsFromEnv(env)
  if (projects) input.projects = projects
  const metricsToken = metricsTokenFromEnv(env)
  if (metricsToken) input.metricsToken = metricsToken
  if (env.PORTICO_API_HOST) input.host = env.PORTICO_API_HOST
  if (env.PORTICO_API_PORT) input.port = int(env.PORTICO_API_PORT, 'PORTICO_API_PORT', 0)
  if (env.PORTICO_CHAINS) input.chains = parseChains(env.PORTICO_CHAINS)
  if (env.DATABASE_URL) input.database = { kind: 'postgres', url: env.DATABASE_URL }
  else if (env.PORTICO_API_SQLITE_FILE) input.database = { kind: 'sqlite', file: env.PORTICO_API_SQLITE_FILE }
  if (env.PORTICO_PROJECT_IDS) input.projectIds = list(env.PORTICO_PROJECT_IDS)
  if (env.PORTICO_API_CORS_ORIGINS) input.corsOrigins = parseCors(env.PORTICO_API_CORS_ORIGINS)
  if (env.PORTICO_RATE_LIMIT || env.PORTICO_RATE_BURST) {
    input.rateLimit = {
      ...(env.PORTICO_RATE_LIMIT && { perSecond: num(env.PORTICO_RATE_LIMIT, 'PORTICO_RATE_LIMIT') }),
      ...(env.PORTICO_RATE_BURST && { burst: num(env.PORTICO_RATE_BURST, 'PORTICO_RATE_BURST') }),
    }
  }
  if (env.PORTICO_CLIENT_ID_RATE_LIMIT || env.PORTICO_CLIENT_ID_RATE_BURST) {
    input.clientIdRateLimit = {
      ...(env.PORTICO_CLIENT_ID_RATE_LIMIT && {
        perSecond: num(env.PORTICO_CLIENT_ID_RATE_LIMIT, 'PORTICO_CLIENT_ID_RATE_LIMIT'),
      }),
      ...(env.PORTICO_CLIENT_ID_RATE_BURST && {
        burst: num(env.PORTICO_CLIENT_ID_RATE_BURST, 'PORTICO_CLIENT_ID_RATE_BURST'),
      }),
    }
  }
  if (env.PORTICO_API_TRUST_PROXY)
    input.trustProxy = parseTrustProxy(env.PORTICO_API_TRUST_PROXY, 'PORTICO_API_TRUST_PROXY')
  if (env.PORTICO_PROJECT_RATE_LIMIT || env.PORTICO_PROJECT_RATE_BURST) {
    input.projectRateLimit = {
      ...(env.PORTICO_PROJECT_RATE_LIMIT && {
        perSecond: num(env.PORTICO_PROJECT_RATE_LIMIT, 'PORTICO_PROJECT_RATE_LIMIT'),
      }),
      ...(env.PORTICO_PROJECT_RATE_BURST && {
        burst: num(env.PORTICO_PROJECT_RATE_BURST, 'PORTICO_PROJECT_RATE_BURST'),
      }),
    }
  }
  const sessions: ApiConfigInput['sessions'] = {}
  if (env.PORTICO_SESSIONS_PER_ADDRESS)
    sessions.maxPerAddress = int(env.PORTICO_SESSIONS_PER_ADDRESS, 'PORTICO_SESSIONS_PER_ADDRESS', 1)
  if (env.PORTICO_SESSION_MAX_LIFETIME_S)
    sessions.maxLifetimeSeconds = int(env.PORTICO_SESSION_MAX_LIFETIME_S, 'PORTICO_SESSION_MAX_LIFETIME_S', 1)
  if (Object.keys(sessions).length > 0) input.sessions = sessions
  const names: ApiConfigInput['nameRegistrations'] = {}
  if (env.PORTICO_NAMES_PER_IP) names.perIp = int(env.PORTICO_NAMES_PER_IP, 'PORTICO_NAMES_PER_IP', 1)
  if (env.PORTICO_NAMES_PER_PROJECT)
    names.perProject = int(env.PORTICO_NAMES_PER_PROJECT, 'PORTICO_NAMES_PER_PROJECT', 1)
  if (env.PORTICO_NAMES_WINDOW_S)
    names.windowSeconds = int(env.PORTICO_NAMES_WINDOW_S, 'PORTICO_NAMES_WINDOW_S', 1)
  if (Object.keys(names).length > 0) input.nameRegistrations = names
  const retention: ApiConfigInput['retention'] = {}
  if (env.PORTICO_ANALYTICS_RETENTION_DAYS)
    retention.analyticsDays = num(env.PORTICO_ANALYTICS_RETENTION_DAYS, 'PORTICO_ANALYTICS_RETENTION_DAYS')
  if (env.PORTICO_SESSION_RETENTION_DAYS)
    retention.endedSessionDays = num(env.PORTICO_SESSION_RETENTION_DAYS, 'PORTICO_SESSION_RETENTION_DAYS')
  if (env.PORTICO_RETENTION_INTERVAL_MS)
    retention.intervalMs = int(env.PORTICO_RETENTION_INTERVAL_MS, 'PORTICO_RETENTION_INTERVAL_MS', 1000)
  if (Object.keys(retention).length > 0) input.retention = retention
  if (env.PORTICO_TOKENS) input.tokens = parseContracts(env.PORTICO_TOKENS, 'PORTICO_TOKENS')
  if (env.PORTICO_SPAM_CONTRACTS)
    input.spamContracts = parseContracts(env.PORTICO_SPAM_CONTRACTS, 'PORTICO_SPAM_CONTRACTS')
  const fixturesFile = env.PORTICO_FIXTURES_FILE || env.PORTICO_DEVNET_FIXTURES_FILE
  if (fixturesFile) input.fixtures = readFixtures(fixturesFile)
  else if (!env.PORTICO_TOKENS && !env.PORTICO_SPAM_CONTRACTS) input.fixtures = devnetFixtures(input.chains)
  const prices = priceOptionsFromEnv(env)
  if (prices) input.prices = prices
  if (env.PORTICO_SUPPORTED_CHAINS !== undefined)
    input.extraSupportedChains = list(env.PORTICO_SUPPORTED_CHAINS)
  const indexer: ApiConfigInput['indexer'] = {}
  if (env.PORTICO_INDEXER) indexer.enabled = !['0', 'off', 'false', 'no'].includes(env.PORTICO_INDEXER)
  if (env.PORTICO_INDEXER_POLL_MS)
    indexer.pollMs = int(env.PORTICO_INDEXER_POLL_MS, 'PORTICO_INDEXER_POLL_MS', 1)
  if (env.PORTICO_INDEXER_BATCH)
    indexer.batchSize = int(env.PORTICO_INDEXER_BATCH, 'PORTICO_INDEXER_BATCH', 1)
  if (env.PORTICO_INDEXER_START_BLOCK)
    indexer.startBlock = int(env.PORTICO_INDEXER_START_BLOCK, 'PORTICO_INDEXER_START_BLOCK', 0)
  if (Object.keys(indexer).length > 0) input.indexer = indexer
  if (env.PORTICO_HISTORY_PAGE_SIZE)
    input.historyPageSize = int(env.PORTICO_HISTORY_PAGE_SIZE, 'PORTICO_HISTORY_PAGE_SIZE', 1)
  const cache: ApiConfigInput['cache'] = {}
  if (env.PORTICO_BALANCE_CACHE_MS)
    cache.balanceTtlMs = int(env.PORTICO_BALANCE_CACHE_MS, 'PORTICO_BALANCE_CACHE_MS', 0)
  if (env.PORTICO_HISTORY_CACHE_MS)
    cache.historyTtlMs = int(env.PORTICO_HISTORY_CACHE_MS, 'PORTICO_HISTORY_CACHE_MS', 0)
  if (env.PORTICO_API_CACHE_ENTRIES)
    cache.maxEntries = int(env.PORTICO_API_CACHE_ENTRIES, 'PORTICO_API_CACHE_ENTRIES', 0)
  if (env.PORTICO_API_CACHE_MB)
    cache.maxBytes = int(env.PORTICO_API_CACHE_MB, 'PORTICO_API_CACHE_MB', 0) * 1024 * 1024
  if (Object.keys(cache).length > 0) input.cache = cache
  if (env.PORTICO_API_LOG_LEVEL) input.logLevel = parseLogLevel(env.PORTICO_API_LOG_LEVEL)
  if (env.PORTICO_RPC_TIMEOUT_MS)
    input.rpcTimeoutMs = int(env.PORTICO_RPC_TIMEOUT_MS, 'PORTICO_RPC_TIMEOUT_MS', 1)
  if (env.PORTICO_ONRAMP_PAGE_URL || env.PORTICO_ONRAMP_SECRET)
    input.onramp = onrampFromEnv(env.PORTICO_ONRAMP_PAGE_URL, env.PORTICO_ONRAMP_SECRET)
  const onrampProviders = onrampProvidersFromEnv(env)
  if (onrampProviders) input.onrampProviders = onrampProviders
  const bitcoin = bitcoinFromEnv(env)
  if (bitcoin) input.bitcoin = bitcoin
  const paymaster = paymasterFromEnv(env)
  if (paymaster) input.paymaster = paymaster
  return input
}

/**
 * The Bitcoin node behind bip122 balances, history and broadcast, off unless PORTICO_BITCOIN_NODE_URL
 * names it: PORTICO_BITCOIN_NETWORK_ID (its CAIP-2 id, required with the URL),
 * PORTICO_BITCOIN_API_KEY or PORTICO_BITCOIN_API_KEY_FILE (basic-auth password; the file keeps it out
 * of the process listing), PORTICO_BITCOIN_ADDRESS_PREFIX (bech32 prefix; default rb, regtest).
 */
function bitcoinFromEnv(env: NodeJS.ProcessEnv): ApiConfigInput['bitcoin'] {
  const url = env.PORTICO_BITCOIN_NODE_URL
  if (!url) return undefined
  if (!/^https?:\/\/\S+$/.test(url))
    throw new Error(`PORTICO_BITCOIN_NODE_URL: expected an http(s) URL, got "${url}"`)
  const networkId = env.PORTICO_BITCOIN_NETWORK_ID ?? ''
  if (!/^bip122:[0-9a-f]{32}$/.test(networkId))
    throw new Error(`PORTICO_BITCOIN_NETWORK_ID: expected bip122:<32 hex digits>, got "${networkId}"`)
  const keyFile = env.PORTICO_BITCOIN_API_KEY_FILE
  let apiKey = env.PORTICO_BITCOIN_API_KEY
  if (keyFile) {
    try {
      apiKey = readFileSync(keyFile, 'utf8').trim()
    } catch (err) {
      throw new Error(`PORTICO_BITCOIN_API_KEY_FILE: cannot read ${keyFile}: ${(err as Error).message}`)
    }
  }
  const prefix = env.PORTICO_BITCOIN_ADDRESS_PREFIX
  if (prefix !== undefined && !/^[a-z]{1,16}$/.test(prefix))
    throw new Error(`PORTICO_BITCOIN_ADDRESS_PREFIX: expected a bech32 prefix such as bc, got "${prefix}"`)
  return {
    url,
    networkId,
    ...(apiKey ? { apiKey } : {}),
    ...(prefix ? { addressPrefix: prefix } : {}),
  }
}

/** PORTICO_ONRAMP_PAGE_URL (http(s) origin of services/onramp) and PORTICO_ONRAMP_SECRET (≥ 32 characters). */
function onrampFromEnv(pageUrl: string | undefined, secret: string | undefined): ApiConfigInput['onramp'] {
  if (pageUrl && !/^https?:\/\/[^\s/?#]+\/?$/.test(pageUrl))
    throw new Error(`PORTICO_ONRAMP_PAGE_URL: expected an http(s) origin, got "${pageUrl}"`)
  if (secret !== undefined && secret.length < 32)
    throw new Error('PORTICO_ONRAMP_SECRET: must be at least 32 characters')
  return { pageUrl: pageUrl ?? null, secret: secret ?? null }
}

/** "31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546" */
export function parseChains(value: string): ChainConfig[] {
  return list(value).map((entry) => {
    const at = entry.indexOf('=')
    const id = entry.slice(0, at)
    const rpcUrl = entry.slice(at + 1)
    if (at <= 0 || !/^\d+$/.test(id) || !/^https?:\/\/\S+$/.test(rpcUrl))
      throw new Error(`PORTICO_CHAINS: expected "<chainId>=<http url>", got "${entry}"`)
    return { chainId: Number(id), rpcUrl }
  })
}

/** "31337:0xabc…,31338:0xdef…" */
export function parseContracts(value: string, name: string): ChainContract[] {
  return list(value).map((entry) => {
    const match = /^(\d+):(0x[0-9a-fA-F]{40})$/.exec(entry)
    if (!match?.[1] || !match[2])
      throw new Error(`${name}: expected "<chainId>:<0x address>", got "${entry}"`)
    return { chainId: Number(match[1]), address: match[2] }
  })
}

/** Without any token configuration: the devnet's deterministic fixture addresses on its chains. */
function devnetFixtures(chains: ChainConfig[] = DEFAULT_CHAINS): FixturesInput {
  const base = fixtureAddresses()
  const addresses = {
    ...base,
    dex: dexAddresses(base.tokens),
    feeds: priceFeedAddresses(),
    prices: { ...FIXED_PRICES },
    aa: AA_FIXTURES,
    paymaster: { address: PAYMASTER_FIXTURE },
  }
  return Object.fromEntries(
    chains.filter((c) => DEVNET_CHAIN_IDS.has(c.chainId)).map((c) => [String(c.chainId), addresses]),
  )
}

function readFixtures(file: string): FixturesInput {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FixturesInput
  } catch (err) {
    throw new Error(`PORTICO_FIXTURES_FILE: cannot read ${file}: ${(err as Error).message}`)
  }
}

function parseCors(value: string): ApiConfig['corsOrigins'] {
  if (value === '*' || value === 'localhost') return value
  return list(value)
}

function parseLogLevel(value: string): ApiConfig['logLevel'] {
  const level = LOG_LEVELS.find((l) => l === value)
  if (!level) throw new Error(`PORTICO_API_LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}`)
  return level
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
}

function int(value: string, name: string, min: number): number {
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name}: expected an integer ≥ ${min}, got "${value}"`)
  return n
}

function num(value: string, name: string): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: expected a positive number, got "${value}"`)
  return n
}
