import { parseTrustProxy } from '@portico/api'
import { isProduction, metricsTokenFromEnv, projectsFromEnv } from '@portico/ops'
import type { AuthFrameConfigInput, FrameChain } from './config.ts'
import { smtpConfigFromEnv } from './email/smtpEnv.ts'
import {
  createSmartAccountProvider,
  type PaymasterServiceConfig,
  type SmartAccountNetwork,
} from './smartAccount/index.ts'
import { socialLoginFromEnv } from './social/fromEnv.ts'
import { tokenListFromEnv } from './tokenList.ts'

/**
 * Reads the service configuration from the environment (README lists the variables). Throws with the
 * variable's name on a malformed value.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AuthFrameConfigInput {
  const input: AuthFrameConfigInput = {}
  if (isProduction(env)) input.production = true
  const metricsToken = metricsTokenFromEnv(env)
  if (metricsToken) input.metricsToken = metricsToken
  if (env.PORTICO_AUTH_FRAME_HOST) input.host = env.PORTICO_AUTH_FRAME_HOST
  if (env.PORTICO_AUTH_FRAME_PORT) input.port = int(env.PORTICO_AUTH_FRAME_PORT, 'PORTICO_AUTH_FRAME_PORT')
  if (env.PORTICO_AUTH_FRAME_PUBLIC_URL) input.publicUrl = new URL(env.PORTICO_AUTH_FRAME_PUBLIC_URL).origin
  if (env.PORTICO_AUTH_FRAME_DATABASE_URL)
    input.database = { kind: 'postgres', url: env.PORTICO_AUTH_FRAME_DATABASE_URL }
  else if (env.PORTICO_AUTH_FRAME_SQLITE_FILE)
    input.database = { kind: 'sqlite', file: env.PORTICO_AUTH_FRAME_SQLITE_FILE }
  if (env.PORTICO_AUTH_FRAME_KEY) input.serverKey = env.PORTICO_AUTH_FRAME_KEY
  if (env.PORTICO_AUTH_FRAME_KEY_FILE) input.serverKeyFile = env.PORTICO_AUTH_FRAME_KEY_FILE
  if (env.PORTICO_AUTH_FRAME_OLD_KEYS) input.oldServerKeys = list(env.PORTICO_AUTH_FRAME_OLD_KEYS)
  if (env.PORTICO_AUTH_FRAME_OLD_KEY_FILES)
    input.oldServerKeyFiles = list(env.PORTICO_AUTH_FRAME_OLD_KEY_FILES)
  if (env.PORTICO_AUTH_FRAME_MAILBOX)
    input.devMailbox = !['0', 'off', 'false', 'no'].includes(env.PORTICO_AUTH_FRAME_MAILBOX)
  const smtp = smtpConfigFromEnv(env)
  if (smtp) input.smtp = smtp
  if (env.PORTICO_AUTH_FRAME_TRUST_PROXY)
    input.trustProxy = parseTrustProxy(env.PORTICO_AUTH_FRAME_TRUST_PROXY, 'PORTICO_AUTH_FRAME_TRUST_PROXY')
  const projects = projectsFromEnv(env)
  if (projects)
    input.projects = Object.fromEntries(
      Object.entries(projects).map(([id, o]) => [id, { allowedOrigins: o }]),
    )
  // The frame-only list, older than PORTICO_PROJECTS; it wins when both are set.
  if (env.PORTICO_AUTH_FRAME_PROJECTS) input.projects = parseProjects(env.PORTICO_AUTH_FRAME_PROJECTS)
  if (env.PORTICO_AUTH_FRAME_CHAINS) input.chains = parseChains(env.PORTICO_AUTH_FRAME_CHAINS)
  if (env.PORTICO_AUTH_FRAME_CHAIN_NAMES)
    input.chains = nameChains(input.chains, env.PORTICO_AUTH_FRAME_CHAIN_NAMES)
  // The API's token list, read by the API's own code (the same variables, the same meaning).
  const tokenList = tokenListFromEnv(env)
  if (tokenList) input.tokenList = tokenList
  if (env.PORTICO_AUTH_FRAME_SMART_ACCOUNTS)
    input.smartAccounts = createSmartAccountProvider({
      networks: parseSmartAccounts(input.chains, env.PORTICO_AUTH_FRAME_SMART_ACCOUNTS),
    })
  if (env.PORTICO_AUTH_FRAME_PAYMASTERS)
    input.paymasterServices = parsePaymasters(input.chains, env.PORTICO_AUTH_FRAME_PAYMASTERS)
  if (env.PORTICO_AUTH_FRAME_SOLANA) {
    const [networkId, rpcUrl] = env.PORTICO_AUTH_FRAME_SOLANA.split('=')
    if (!networkId?.startsWith('solana:') || !rpcUrl)
      throw new Error('PORTICO_AUTH_FRAME_SOLANA must be solana:<ref>=<rpcUrl>')
    input.solana = { networkId, rpcUrl: httpUrl(rpcUrl, 'PORTICO_AUTH_FRAME_SOLANA') }
  }
  const social = socialLoginFromEnv(env)
  if (social) input.social = social
  return input
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** `projectA=http://localhost:4173|http://127.0.0.1:4173,projectB=https://app.example` */
function parseProjects(text: string): Record<string, { allowedOrigins: string[] }> {
  const projects: Record<string, { allowedOrigins: string[] }> = {}
  for (const entry of text.split(',').filter(Boolean)) {
    const [id, origins] = entry.split('=')
    if (!id || !origins) throw new Error('PORTICO_AUTH_FRAME_PROJECTS must be id=origin|origin,…')
    projects[id.trim()] = { allowedOrigins: origins.split('|').map((o) => new URL(o.trim()).origin) }
  }
  return projects
}

/** `31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546` */
function parseChains(text: string): FrameChain[] {
  return text
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [id, url] = entry.split('=')
      if (!id || !url) throw new Error('PORTICO_AUTH_FRAME_CHAINS must be chainId=rpcUrl,…')
      return {
        chainId: int(id, 'PORTICO_AUTH_FRAME_CHAINS'),
        rpcUrl: httpUrl(url, 'PORTICO_AUTH_FRAME_CHAINS'),
      }
    })
}

/**
 * `31337=Portico Devnet A,31338=Portico Devnet B`: the names users see in confirmations (else
 * "Chain <id>"), for chains of PORTICO_AUTH_FRAME_CHAINS.
 */
function nameChains(chains: FrameChain[] | undefined, text: string): FrameChain[] {
  const names = new Map<number, string>()
  for (const entry of list(text)) {
    const at = entry.indexOf('=')
    const name = entry.slice(at + 1).trim()
    if (at <= 0 || !name) throw new Error('PORTICO_AUTH_FRAME_CHAIN_NAMES must be chainId=name,…')
    names.set(int(entry.slice(0, at), 'PORTICO_AUTH_FRAME_CHAIN_NAMES'), name)
  }
  for (const id of names.keys())
    if (!chains?.some((chain) => chain.chainId === id))
      throw new Error(`PORTICO_AUTH_FRAME_CHAIN_NAMES: chain ${id} is not in PORTICO_AUTH_FRAME_CHAINS`)
  return (chains ?? []).map((chain) => {
    const name = names.get(chain.chainId)
    return name ? { ...chain, name } : chain
  })
}

/**
 * `31337=<bundler URL>|<EntryPoint v0.8>|<account factory>,…`: the chains (of PORTICO_AUTH_FRAME_CHAINS,
 * whose RPC is used) where users get ERC-4337 smart accounts through that bundler.
 */
function parseSmartAccounts(chains: FrameChain[] | undefined, text: string): SmartAccountNetwork[] {
  const name = 'PORTICO_AUTH_FRAME_SMART_ACCOUNTS'
  return list(text).map((entry) => {
    const at = entry.indexOf('=')
    const [bundlerUrl, entryPoint, factory, ...rest] = entry.slice(at + 1).split('|')
    const address = /^0x[0-9a-fA-F]{40}$/
    if (at <= 0 || !bundlerUrl || !entryPoint || !factory || rest.length > 0)
      throw new Error(`${name} must be chainId=bundlerUrl|entryPoint|factory,…`)
    if (!address.test(entryPoint) || !address.test(factory))
      throw new Error(`${name}: the EntryPoint and factory must be 0x addresses`)
    const chainId = int(entry.slice(0, at), name)
    const chain = chains?.find((c) => c.chainId === chainId)
    if (!chain) throw new Error(`${name}: chain ${chainId} is not in PORTICO_AUTH_FRAME_CHAINS`)
    return {
      chainId,
      rpcUrl: chain.rpcUrl,
      bundlerUrl: httpUrl(bundlerUrl, name),
      entryPoint: entryPoint as `0x${string}`,
      factory: factory as `0x${string}`,
    }
  })
}

/**
 * `<projectId>:<chainId>=<ERC-7677 URL>|<paymaster>,…`: the paymaster services each project's apps may
 * name on each chain (of PORTICO_AUTH_FRAME_CHAINS), and the paymaster contract their answers must
 * name. A URL here holds no comma; the app must send the same URL.
 */
function parsePaymasters(chains: FrameChain[] | undefined, text: string): PaymasterServiceConfig[] {
  const name = 'PORTICO_AUTH_FRAME_PAYMASTERS'
  return list(text).map((entry) => {
    const match = /^([A-Za-z0-9][A-Za-z0-9._-]{0,127}):(\d{1,15})=(\S+)\|(0x[0-9a-fA-F]{40})$/.exec(entry)
    if (!match?.[1] || !match[2] || !match[3] || !match[4])
      throw new Error(`${name} must be projectId:chainId=url|paymaster,…`)
    const chainId = int(match[2], name)
    if (!chains?.some((c) => c.chainId === chainId))
      throw new Error(`${name}: chain ${chainId} is not in PORTICO_AUTH_FRAME_CHAINS`)
    return {
      projectId: match[1],
      chainId,
      url: httpUrl(match[3], name),
      paymaster: match[4] as `0x${string}`,
    }
  })
}

function httpUrl(text: string, name: string): string {
  const url = new URL(text)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name}: ${text} is not an http(s) URL`)
  return url.toString()
}

function int(text: string, name: string): number {
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${text}"`)
  return n
}
