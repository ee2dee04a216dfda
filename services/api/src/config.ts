import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { allOrigins, type ProjectOrigins } from '@portico/ops'
import type { BitcoinNodeConfig } from './bitcoin/node.ts'
import { type DexConfig, type DexFixtureInput, dexFromFixture } from './convert/dexConfig.ts'
import { halfOf } from './http/rateLimit.ts'
import type { TrustProxy } from './http/trustProxy.ts'
import {
  type OnrampProvidersConfig,
  type OnrampProvidersInput,
  resolveOnrampProviders,
} from './onramp/config.ts'
import {
  type PaymasterConfig,
  type PaymasterConfigInput,
  resolvePaymasterConfig,
} from './paymaster/config.ts'
import { type PriceOptions, resolvePriceOptions } from './prices/options.ts'
import { resolveSiwxConfig, type SiwxConfig, type SiwxConfigInput } from './siwx/config.ts'

export interface ChainConfig {
  chainId: number
  rpcUrl: string
  /** Native currency; ETH unless told otherwise. */
  native?: { name: string; symbol: string; decimals: number }
}

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string /** Schema to create and use (tests use one each). */; schema?: string }

/** A contract on a chain, e.g. a listed token or a spam NFT. */
export interface ChainContract {
  chainId: number
  address: string
  /**
   * The operator's name for a listed token (the fixtures' key): its fixture price is looked up by it.
   * Never the symbol a contract reports about itself.
   */
  label?: string
}

/** Deployed fixture contracts per chain id, as the devnet reports them (or a JSON file of it). */
export type FixturesInput = Record<
  string,
  {
    tokens?: Record<string, string>
    spamNft?: string
    dex?: DexFixtureInput
    /** USD price feeds by asset (ETH or a token label) and fixed USD prices: dev data (prices/options.ts). */
    feeds?: Record<string, string>
    prices?: Record<string, number>
    /** ERC-4337: the EntryPoint and the account factory (the paymaster service's chains and dev policy). */
    aa?: { entryPoint?: string; factory?: string }
    /** The sponsor's verifying paymaster (paymaster/config.ts). */
    paymaster?: { address?: string }
  }
>

export interface ApiConfig {
  /** PORTICO_ENV or NODE_ENV=production: start-up refuses every dev default (production.ts). */
  production: boolean
  host: string
  /** 0 picks a free port. */
  port: number
  chains: ChainConfig[]
  database: DatabaseConfig
  projectIds: string[]
  /** 'localhost' allows any http(s)://localhost|127.0.0.1 origin; '*' allows every origin. */
  corsOrigins: 'localhost' | '*' | string[]
  /**
   * Per client IP address of a project (an IPv6 one by its /64): the address the connection came
   * from, or behind trusted proxies (`trustProxy`) the one they saw. A clientId never adds budget.
   */
  rateLimit: { perSecond: number; burst: number }
  /** What one clientId may spend of its IP's budget (calls without one: the IP's); default half of it. */
  clientIdRateLimit: { perSecond: number; burst: number }
  /**
   * Behind reverse proxies, which X-Forwarded-For entry is the client's IP address (`req.ip`: rate
   * limit, name budgets, sign-in nonce records): trusted hops or the proxies' addresses / CIDRs.
   * false (default): the socket address, X-Forwarded-For ignored.
   */
  trustProxy: TrustProxy
  /** The ceiling of a whole project, all its clients together. */
  projectRateLimit: { perSecond: number; burst: number }
  /**
   * Names (POST /v1/profile/account) registered within `windowSeconds` at most per client IP address
   * (an IPv6 one by its /64) and per project, counted in the database (so across API nodes sharing it).
   */
  nameRegistrations: { perIp: number; perProject: number; windowSeconds: number }
  sessions: {
    /** Live (neither revoked nor expired) sessions an address may hold. */
    maxPerAddress: number
    /** Longest expiry a new session may ask for, in seconds from now. */
    maxLifetimeSeconds: number
  }
  /** Old rows deleted periodically. */
  retention: {
    /** Analytics events older than this are deleted. */
    analyticsDays: number
    /** Sessions expired or revoked longer ago than this are deleted. */
    endedSessionDays: number
    /** How often the deletion runs. */
    intervalMs: number
  }
  /** Tokens listed in balances (metadata is read from the chain). */
  tokens: ChainContract[]
  /** Price feeds and dev fixed prices (prices/options.ts). */
  prices: PriceOptions
  /** NFT contracts whose transfers are flagged as spam. */
  spamContracts: ChainContract[]
  /** The Uniswap-V2 DEX of each swap chain (/v1/convert/*); other chains answer 'Network not supported for Swaps'. */
  dexes: DexConfig[]
  /** Networks announced as supported beyond the configured chains (behaviour §7 list by default). */
  extraSupportedChains: string[]
  indexer: { enabled: boolean; pollMs: number; batchSize: number; startBlock: number }
  historyPageSize: number
  /**
   * Balance and history answers kept per account (cache/): dropped when the indexer sees the account
   * in a new block, a balance also when the chain has a block the indexer has not seen; at most
   * `maxEntries` and `maxBytes` of serialised JSON each, a balance at most `balanceTtlMs` old, a history
   * page `historyTtlMs`. 0 turns one off.
   * The age bound covers what no indexed block shows: value sent by a contract's internal call,
   * a devnet's anvil_setBalance, price and spam list changes.
   */
  cache: { balanceTtlMs: number; historyTtlMs: number; maxEntries: number; maxBytes: number }
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /**
   * Bearer token GET /metrics requires (PORTICO_METRICS_TOKEN). Without one /metrics is open outside
   * production and not served in production.
   */
  metricsToken?: string | undefined
  /** Milliseconds a chain RPC call may take. */
  rpcTimeoutMs: number
  /** Sign-in verification (/v1/siwx/*). */
  siwx: SiwxConfig
  /**
   * The sandbox on-ramp (/v1/onramp/*, /v1/generators/onrampurl): the provider page orders open on
   * (services/onramp) and the secret its calls to /provider/onramp/* are signed with (HMAC-SHA256).
   * Without both, quotes still work and generating a URL answers 503. An order is priced when created
   * and can be paid for `orderTtlSeconds` (default 1800).
   */
  onramp: { pageUrl: string | null; secret: string | null; orderTtlSeconds: number }
  /** Which on-ramp providers are offered: the sandbox (devnet chains only) and MoonPay (onramp/config.ts). */
  onrampProviders: OnrampProvidersConfig
  /**
   * The Bitcoin node behind bip122 balances, history, UTXOs, fee rate and broadcast (bitcoin/), with
   * the bech32 prefix of its addresses; null serves no Bitcoin network.
   */
  bitcoin: (BitcoinNodeConfig & { addressPrefix: string }) | null
  /**
   * The sponsor's ERC-4337 paymaster service (POST /v1/paymaster, paymaster/): its key, chains and each
   * project's sponsor policy; null serves none.
   */
  paymaster: PaymasterConfig | null
}

type Nested =
  | 'indexer'
  | 'rateLimit'
  | 'clientIdRateLimit'
  | 'projectRateLimit'
  | 'sessions'
  | 'nameRegistrations'
  | 'retention'
  | 'siwx'
  | 'onramp'
  | 'onrampProviders'
  | 'bitcoin'
  | 'cache'
  | 'prices'
  | 'paymaster'
export type ApiConfigInput = Partial<Omit<ApiConfig, Nested>> & {
  indexer?: Partial<ApiConfig['indexer']>
  rateLimit?: Partial<ApiConfig['rateLimit']>
  clientIdRateLimit?: Partial<ApiConfig['clientIdRateLimit']>
  projectRateLimit?: Partial<ApiConfig['projectRateLimit']>
  sessions?: Partial<ApiConfig['sessions']>
  nameRegistrations?: Partial<ApiConfig['nameRegistrations']>
  retention?: Partial<ApiConfig['retention']>
  fixtures?: FixturesInput
  siwx?: SiwxConfigInput
  onramp?: Partial<ApiConfig['onramp']>
  onrampProviders?: OnrampProvidersInput
  bitcoin?: BitcoinNodeConfig & { addressPrefix?: string }
  cache?: Partial<ApiConfig['cache']>
  /**
   * The one list of projects and their apps' origins (PORTICO_PROJECTS, shared with the auth frame):
   * the default of projectIds, siwx.origins and corsOrigins (all of their origins).
   */
  projects?: ProjectOrigins
  prices?: Partial<PriceOptions>
  paymaster?: PaymasterConfigInput
}

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
/**
 * A database belongs to one API (its indexer owns the chain cursors): the default SQLite file is one
 * per port, so a second stack on another port never shares the first one's file.
 */
export function defaultSqliteFile(port: number): string {
  return join(PACKAGE_DIR, '.data', `api-${port}.sqlite`)
}
export const DEFAULT_PROJECT_ID = 'portico-dev'

/** behaviour §7's supported chains plus the three Solana networks. */
export const SPEC_SUPPORTED_CHAINS = [
  ...[
    1, 5, 11155111, 10, 420, 42161, 421613, 137, 80001, 42220, 1313161554, 1313161555, 56, 97, 43114, 43113,
    324, 280, 100, 8453, 84531, 84532, 7777777, 999,
  ].map((id) => `eip155:${id}`),
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
]

export const DEFAULT_CHAINS: ChainConfig[] = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
]

export function resolveConfig(input: ApiConfigInput = {}): ApiConfig {
  const fromFixtures = input.fixtures
    ? contractsFromFixtures(input.fixtures)
    : { tokens: [], spam: [], dexes: [] }
  const port = input.port ?? 4180
  const rateLimit = { perSecond: 50, burst: 200, ...input.rateLimit }
  const production = input.production ?? false
  const projects = input.projects
  return {
    production,
    host: input.host ?? '127.0.0.1',
    port,
    chains: input.chains ?? DEFAULT_CHAINS,
    database: input.database ?? { kind: 'sqlite', file: defaultSqliteFile(port) },
    projectIds: input.projectIds ?? (projects ? Object.keys(projects) : [DEFAULT_PROJECT_ID]),
    corsOrigins: input.corsOrigins ?? (projects ? allOrigins(projects) : 'localhost'),
    rateLimit,
    clientIdRateLimit: { ...halfOf(rateLimit), ...input.clientIdRateLimit },
    trustProxy: input.trustProxy ?? false,
    projectRateLimit: { perSecond: 500, burst: 2000, ...input.projectRateLimit },
    sessions: { maxPerAddress: 20, maxLifetimeSeconds: 30 * 86_400, ...input.sessions },
    nameRegistrations: { perIp: 10, perProject: 100, windowSeconds: 3600, ...input.nameRegistrations },
    retention: { analyticsDays: 90, endedSessionDays: 30, intervalMs: 3_600_000, ...input.retention },
    tokens: [...(input.tokens ?? []), ...fromFixtures.tokens],
    prices: resolvePriceOptions(input.prices, input.fixtures),
    spamContracts: [...(input.spamContracts ?? []), ...fromFixtures.spam],
    dexes: [...(input.dexes ?? []), ...fromFixtures.dexes],
    extraSupportedChains: input.extraSupportedChains ?? SPEC_SUPPORTED_CHAINS,
    indexer: { enabled: true, pollMs: 500, batchSize: 200, startBlock: 0, ...input.indexer },
    historyPageSize: input.historyPageSize ?? 20,
    cache: {
      balanceTtlMs: 5_000,
      historyTtlMs: 60_000,
      maxEntries: 10_000,
      maxBytes: 64 * 1024 * 1024,
      ...input.cache,
    },
    logLevel: input.logLevel ?? 'info',
    metricsToken: input.metricsToken,
    rpcTimeoutMs: input.rpcTimeoutMs ?? 10_000,
    // Outside production the nonce key lives in a generated file, shared by the nodes of a checkout.
    siwx: resolveSiwxConfig({
      ...(input.siwx?.production || production
        ? {}
        : { nonceKeyFile: join(PACKAGE_DIR, '.data', 'siwx-nonce-key') }),
      ...(production && { production }),
      ...input.siwx,
      ...(projects && { origins: { ...projects, ...input.siwx?.origins } }),
    }),
    onramp: {
      pageUrl: input.onramp?.pageUrl ?? null,
      secret: input.onramp?.secret ?? null,
      orderTtlSeconds: input.onramp?.orderTtlSeconds ?? 1800,
    },
    onrampProviders: resolveOnrampProviders(input.onrampProviders),
    // bcoin's regtest writes `rb1…` addresses.
    bitcoin: input.bitcoin ? { ...input.bitcoin, addressPrefix: input.bitcoin.addressPrefix ?? 'rb' } : null,
    paymaster: resolvePaymasterConfig(input.paymaster, input.fixtures, {
      production,
      devProjectId: DEFAULT_PROJECT_ID,
    }),
  }
}

export function contractsFromFixtures(fixtures: FixturesInput): {
  tokens: ChainContract[]
  spam: ChainContract[]
  dexes: DexConfig[]
} {
  const tokens: ChainContract[] = []
  const spam: ChainContract[] = []
  const dexes: DexConfig[] = []
  for (const [id, f] of Object.entries(fixtures)) {
    const chainId = Number(id)
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Fixtures: bad chain id "${id}"`)
    for (const [label, address] of Object.entries(f.tokens ?? {})) tokens.push({ chainId, address, label })
    if (f.spamNft) spam.push({ chainId, address: f.spamNft })
    if (f.dex) dexes.push(dexFromFixture(chainId, f.dex))
  }
  return { tokens, spam, dexes }
}
