// The stack's five services run from their builds (startStack's `services: 'built'`): each gets, as
// environment variables and 0600 files, exactly the configuration the in-process stack passes as code,
// turned into what its CLI reads (services/<name>/src/cli.ts). A setting no variable carries fails the
// start by name instead of being dropped, so the built stack never quietly differs from the fast one.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ApiConfigInput, ApiServer } from '@portico/api'
import type {
  AuthFrameConfigInput,
  AuthFrameServer,
  SmartAccountNetwork,
  SocialConfig,
} from '@portico/auth-frame'
import type { Idp, IdpOptions } from '@portico/idp'
import type { OnrampOptions, OnrampServer } from '@portico/onramp'
import type { ProjectOrigins } from '@portico/ops'
import { envName, type Relay, type RelayLimits, type RelayOptions } from '@portico/relay'
import { privateKeyToAccount } from 'viem/accounts'
import { type BuiltService, type BuiltServiceName, startBuiltService } from './builtServices.ts'

/** What the stack and its callers use of each service, in-process or built. */
export type Running<T> = T & { close(): Promise<void> }
export type ApiHandle = Running<Pick<ApiServer, 'url'>>
export type AuthFrameHandle = Running<Pick<AuthFrameServer, 'frameUrl' | 'mailboxUrl' | 'devSmtp' | 'port'>>
export type RelayHandle = Running<Pick<Relay, 'url'>>
export type IdpHandle = Running<Pick<Idp, 'url'>>
export type OnrampHandle = Running<Pick<OnrampServer, 'url' | 'treasury'>>

/** The auth frame's settings that are objects in-process (providers, seams) as their data. */
export interface AuthFrameData {
  social: SocialConfig
  smartAccountNetworks: SmartAccountNetwork[]
}

type Env = Record<string, string>
type Files = { dir: string }

/** Fails on a setting `handled` does not list: no variable would carry it to the child. */
function onlyKnown(service: string, config: object, handled: readonly string[]): void {
  const extra = Object.entries(config)
    .filter(([key, value]) => value !== undefined && !handled.includes(key))
    .map(([key]) => key)
  if (extra.length > 0)
    throw new Error(
      `built ${service}: no environment variable carries ${extra.join(', ')} (add one to its CLI)`,
    )
}

/** A file only this user reads: secrets go here or in the environment, never on a command line. */
function privateFile(files: Files, name: string, content: string): string {
  mkdirSync(files.dir, { recursive: true, mode: 0o700 })
  const file = path.join(files.dir, name)
  writeFileSync(file, content, { mode: 0o600 })
  return file
}

/** PORTICO_PROJECTS: `id=origin,origin;id2=origin`. */
export const projectsEnv = (projects: ProjectOrigins) =>
  Object.entries(projects)
    .map(([id, origins]) => `${id}=${origins.join(',')}`)
    .join(';')

const chainsEnv = (chains: { chainId: number; rpcUrl: string }[]) =>
  chains.map((chain) => `${chain.chainId}=${chain.rpcUrl}`).join(',')

const trustProxyEnv = (trustProxy: unknown, service: string) => {
  if (!Array.isArray(trustProxy)) throw new Error(`built ${service}: trustProxy must be a list of addresses`)
  return trustProxy.join(',')
}

/** services/api (src/env.ts, src/siwx/env.ts). */
export function apiEnv(config: ApiConfigInput, files: Files): Env {
  onlyKnown('api', config, [
    'port',
    'chains',
    'siwx',
    'bitcoin',
    'fixtures',
    'database',
    'onramp',
    'projects',
    'corsOrigins',
    'rateLimit',
    'trustProxy',
    'logLevel',
  ])
  const env: Env = {}
  if (config.port !== undefined) env.PORTICO_API_PORT = String(config.port)
  if (config.chains) env.PORTICO_CHAINS = chainsEnv(config.chains)
  if (config.siwx) {
    onlyKnown('api siwx', config.siwx, ['extraChains'])
    if (config.siwx.extraChains) env.PORTICO_SIWX_EXTRA_CHAINS = config.siwx.extraChains.join(',')
  }
  if (config.bitcoin) {
    onlyKnown('api bitcoin', config.bitcoin, ['networkId', 'url', 'apiKey'])
    env.PORTICO_BITCOIN_NODE_URL = config.bitcoin.url
    env.PORTICO_BITCOIN_NETWORK_ID = config.bitcoin.networkId
    if (config.bitcoin.apiKey) env.PORTICO_BITCOIN_API_KEY = config.bitcoin.apiKey
  }
  // Always a file: without one the CLI would fall back to the devnet's default addresses.
  env.PORTICO_FIXTURES_FILE = privateFile(files, 'api-fixtures.json', JSON.stringify(config.fixtures ?? {}))
  if (config.database) {
    if (config.database.kind !== 'sqlite') throw new Error('built api: only a SQLite database is passed on')
    env.PORTICO_API_SQLITE_FILE = config.database.file
  }
  if (config.onramp) {
    if (config.onramp.pageUrl) env.PORTICO_ONRAMP_PAGE_URL = config.onramp.pageUrl
    if (config.onramp.secret) env.PORTICO_ONRAMP_SECRET = config.onramp.secret
  }
  if (config.projects) env.PORTICO_PROJECTS = projectsEnv(config.projects)
  if (config.corsOrigins !== undefined)
    env.PORTICO_API_CORS_ORIGINS =
      typeof config.corsOrigins === 'string' ? config.corsOrigins : config.corsOrigins.join(',')
  if (config.rateLimit?.perSecond !== undefined) env.PORTICO_RATE_LIMIT = String(config.rateLimit.perSecond)
  if (config.rateLimit?.burst !== undefined) env.PORTICO_RATE_BURST = String(config.rateLimit.burst)
  if (config.trustProxy !== undefined) env.PORTICO_API_TRUST_PROXY = trustProxyEnv(config.trustProxy, 'api')
  if (config.logLevel) env.PORTICO_API_LOG_LEVEL = config.logLevel
  return env
}

/** services/auth-frame (src/env.ts, src/social/configSource.ts). */
export function authFrameEnv(config: AuthFrameConfigInput, data: AuthFrameData, files: Files): Env {
  onlyKnown('auth-frame', config, [
    'host',
    'port',
    'publicUrl',
    'trustProxy',
    'projects',
    'chains',
    'solana',
    'database',
    'devMailbox',
    'paymasterServices',
  ])
  const env: Env = {}
  if (config.host) env.PORTICO_AUTH_FRAME_HOST = config.host
  if (config.port !== undefined) env.PORTICO_AUTH_FRAME_PORT = String(config.port)
  if (config.publicUrl) env.PORTICO_AUTH_FRAME_PUBLIC_URL = config.publicUrl
  if (config.trustProxy !== undefined)
    env.PORTICO_AUTH_FRAME_TRUST_PROXY = trustProxyEnv(config.trustProxy, 'auth-frame')
  if (config.projects)
    env.PORTICO_PROJECTS = projectsEnv(
      Object.fromEntries(Object.entries(config.projects).map(([id, p]) => [id, p.allowedOrigins])),
    )
  if (config.chains) {
    env.PORTICO_AUTH_FRAME_CHAINS = chainsEnv(config.chains)
    const named = config.chains.filter((chain) => chain.name)
    if (named.length > 0)
      env.PORTICO_AUTH_FRAME_CHAIN_NAMES = named.map((chain) => `${chain.chainId}=${chain.name}`).join(',')
  }
  if (config.solana) env.PORTICO_AUTH_FRAME_SOLANA = `${config.solana.networkId}=${config.solana.rpcUrl}`
  if (config.database) {
    if (config.database.kind !== 'sqlite')
      throw new Error('built auth-frame: only a SQLite database is passed on')
    env.PORTICO_AUTH_FRAME_SQLITE_FILE = config.database.file
  }
  if (config.devMailbox !== undefined) env.PORTICO_AUTH_FRAME_MAILBOX = config.devMailbox ? '1' : '0'
  // Client secrets and the Apple key: a 0600 JSON file in the format operators write.
  env.PORTICO_SOCIAL_CONFIG = privateFile(files, 'social.json', JSON.stringify(data.social, null, 2))
  if (data.smartAccountNetworks.length > 0)
    env.PORTICO_AUTH_FRAME_SMART_ACCOUNTS = data.smartAccountNetworks
      .map((network) => {
        const chain = config.chains?.find((c) => c.chainId === network.chainId)
        // The CLI takes a smart-account chain's RPC from the frame's chain list.
        if (chain?.rpcUrl !== network.rpcUrl)
          throw new Error(`built auth-frame: smart accounts on ${network.chainId} use an RPC the frame lacks`)
        return `${network.chainId}=${network.bundlerUrl}|${network.entryPoint}|${network.factory}`
      })
      .join(',')
  if (config.paymasterServices?.length)
    env.PORTICO_AUTH_FRAME_PAYMASTERS = config.paymasterServices
      .map((p) => {
        // The variable is a comma list: a URL with a comma could not be passed on.
        if (p.url.includes(',')) throw new Error(`built auth-frame: paymaster URL ${p.url} holds a comma`)
        return `${p.projectId}:${p.chainId}=${p.url}|${p.paymaster}`
      })
      .join(',')
  return env
}

/** services/relay (src/cli.ts, src/limits.ts); Redis from PORTICO_REDIS_URL / _PREFIX of `stackEnv`. */
export function relayEnv(config: RelayOptions, stackEnv: NodeJS.ProcessEnv): Env {
  onlyKnown('relay', config, ['host', 'port', 'log', 'limits', 'trustProxy'])
  const env: Env = { PORTICO_RELAY_DATA: 'memory' }
  if (config.host) env.PORTICO_RELAY_HOST = config.host
  if (config.port !== undefined) env.PORTICO_RELAY_PORT = String(config.port)
  if (config.log === false) env.PORTICO_RELAY_LOG = '0'
  for (const [key, value] of Object.entries(config.limits ?? {}))
    if (value !== undefined) env[envName(key as keyof RelayLimits)] = String(value)
  if (config.trustProxy) env.PORTICO_RELAY_TRUST_PROXY = config.trustProxy.join(',')
  if (stackEnv.PORTICO_REDIS_URL) {
    env.PORTICO_REDIS_URL = stackEnv.PORTICO_REDIS_URL
    if (stackEnv.PORTICO_REDIS_PREFIX) env.PORTICO_REDIS_PREFIX = stackEnv.PORTICO_REDIS_PREFIX
  } else if (stackEnv.PORTICO_RELAY_STORE === 'redis')
    throw new Error(
      'built relay: PORTICO_RELAY_STORE=redis needs PORTICO_REDIS_URL (the relay connects to it)',
    )
  return env
}

/** services/idp (src/cli.ts): its clients redirect to `<PORTICO_AUTH_FRAME_URL>/social/callback`. */
export function idpEnv(config: IdpOptions): Env {
  onlyKnown('idp', config, ['port', 'redirectUris'])
  const [redirect, ...more] = config.redirectUris
  const frame = redirect?.replace(/\/social\/callback$/, '')
  if (!redirect || frame === redirect || more.length > 0)
    throw new Error('built idp: expects one redirect URI, <auth frame>/social/callback')
  return { PORTICO_IDP_PORT: String(config.port), PORTICO_AUTH_FRAME_URL: frame ?? '' }
}

/** services/onramp (src/cli.ts). */
export function onrampEnv(config: OnrampOptions): Env {
  onlyKnown('onramp', config, ['port', 'apiUrl', 'secret', 'treasuryKey', 'chains'])
  return {
    PORTICO_ONRAMP_PORT: String(config.port),
    PORTICO_API_URL: config.apiUrl,
    PORTICO_ONRAMP_SECRET: config.secret,
    PORTICO_ONRAMP_TREASURY_KEY: config.treasuryKey,
    PORTICO_CHAINS: chainsEnv(config.chains),
  }
}

export interface BuiltStackServices {
  api(config: ApiConfigInput): Promise<ApiHandle>
  authFrame(config: AuthFrameConfigInput, data: AuthFrameData): Promise<AuthFrameHandle>
  relay(config: RelayOptions): Promise<RelayHandle>
  idp(config: IdpOptions): Promise<IdpHandle>
  onramp(config: OnrampOptions): Promise<OnrampHandle>
  /** The children started so far (pid, command, log file). */
  processes: BuiltService[]
}

/** Starts each service from its build, its config files and logs in `dir` (one per stack). */
export function builtStackServices(
  dir: string,
  stackEnv: NodeJS.ProcessEnv = process.env,
): BuiltStackServices {
  const files = { dir: path.join(dir, 'config') }
  // One run's logs and files: a log read after a failure is this start's.
  for (const sub of ['config', 'logs']) rmSync(path.join(dir, sub), { recursive: true, force: true })
  const processes: BuiltService[] = []
  const start = async (name: BuiltServiceName, env: Env, origin: string) => {
    const service = await startBuiltService({
      name,
      env,
      healthUrl: `${origin}/health`,
      logFile: path.join(dir, 'logs', `${name}.log`),
    })
    processes.push(service)
    return service.stop
  }
  const portOf = (name: string, port: number | undefined) => {
    // The stack must know where a child listens (nginx's upstream, the other services' URLs).
    if (!port) throw new Error(`built ${name}: needs a fixed port, not ${port}`)
    return port
  }
  return {
    processes,
    async api(config) {
      const url = `http://127.0.0.1:${portOf('api', config.port)}`
      return { url, close: await start('api', apiEnv(config, files), url) }
    },
    async authFrame(config, data) {
      const port = portOf('auth-frame', config.port)
      const listen = `http://${config.host ?? '127.0.0.1'}:${port}`
      const origin = config.publicUrl ?? listen
      const close = await start('auth-frame', authFrameEnv(config, data, files), listen)
      // The dev SMTP receiver listens on a free port only the child knows; the mailbox is what callers read.
      return {
        port,
        frameUrl: `${origin}/frame`,
        ...(config.devMailbox ? { mailboxUrl: `${origin}/dev/mailbox` } : {}),
        close,
      }
    },
    async relay(config) {
      const host = config.host ?? '127.0.0.1'
      const port = portOf('relay', config.port)
      const close = await start('relay', relayEnv(config, stackEnv), `http://${host}:${port}`)
      return { url: `ws://${host}:${port}`, close }
    },
    async idp(config) {
      const url = `http://127.0.0.1:${portOf('idp', config.port)}`
      return { url, close: await start('idp', idpEnv(config), url) }
    },
    async onramp(config) {
      const url = `http://127.0.0.1:${portOf('onramp', config.port)}`
      const close = await start('onramp', onrampEnv(config), url)
      return { url, treasury: privateKeyToAccount(config.treasuryKey).address, close }
    },
  }
}
