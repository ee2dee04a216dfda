import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type ApiConfigInput, startApi } from '@portico/api'
import {
  type AuthFrameConfigInput,
  createSmartAccountProvider,
  createSocialLogin,
  devSocialConfig,
  type SmartAccountNetwork,
  startAuthFrame,
} from '@portico/auth-frame'
import {
  type BundlerProcess,
  DEV_ACCOUNTS,
  DEV_WALLET_BUNDLE,
  type Devnet,
  deployIdRegistry,
  startDevnet,
} from '@portico/devnet'
import { devFarcasterAccounts, type IdpOptions, startIdp } from '@portico/idp'
import { DEFAULT_TREASURY_KEY, fundTreasury, type OnrampOptions, startOnramp } from '@portico/onramp'
import { devStackProjects } from '@portico/ops'
import {
  createRedisBackend,
  limitsFromEnv,
  type RelayOptions,
  relayBackendFromEnv,
  startRelay,
} from '@portico/relay'
import type { BuiltService } from './builtServices.ts'
import { type DemoCspEnvironment, demoContentSecurityPolicy } from './demoCsp.ts'
import {
  CHAIN_NAMES,
  type DevWalletConfig,
  demoEnvironment,
  demoHead,
  devWalletConfigOf,
} from './demoPage.ts'
import type { StackPorts } from './ports.ts'
import { startRedis } from './redis.mjs'
import {
  type ApiHandle,
  type AuthFrameHandle,
  builtStackServices,
  type IdpHandle,
  type OnrampHandle,
  type RelayHandle,
} from './stackBuiltServices.ts'
import { startStackBundlers } from './stackBundlers.ts'
import { stackPaymasters } from './stackPaymaster.ts'
import {
  httpUpstream,
  type StackTls,
  type StackTlsOptions,
  startTlsProxy,
  TRUST_LOOPBACK_PROXY,
  tlsOrigins,
} from './stackTls.ts'
import { type StaticServer, startStaticServer } from './staticServer.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DIST = path.join(ROOT, 'dist')

export interface StackOptions {
  ports: StackPorts
  /** Put the dev wallet on the demo page (npm start); e2e injects it itself, like an extension. */
  devWalletOnPage?: boolean
  /**
   * Which demo build is served at `/`: `default` (dist/demo, no query overrides; what `npm start`
   * serves) or `test` (dist/demo-test, which takes the e2e suite's `?plugin.<id>=`, `?apiUrl=`, …
   * overrides). The test stack also serves the default build at `/default/`, so the e2e suite can
   * check that it ignores them.
   */
  demoBuild?: 'default' | 'test'
  /** Deploy the devnet's test tokens. */
  fixtures?: boolean
  /** WalletConnect relay port; default PORTICO_RELAY_PORT or 4190 (0: a free port). */
  relayPort?: number
  /**
   * The blockchain API (services/api) over the devnet's chains and fixtures: port default
   * PORTICO_API_PORT or 4180 (0: a free port); SQLite file default the service's own, one per
   * port (services/api/.data/api-<port>.sqlite): a database belongs to one stack, and a second API
   * on a file in use fails at start with a clear error.
   */
  api?: { port?: number; sqliteFile?: string }
  /** The auth frame's SQLite file; default the service's own, one per port (services/auth-frame/.data). */
  authFrame?: { sqliteFile?: string }
  /**
   * Serve the demo, plugins, API, relay and auth frame to browsers through nginx with TLS, each on its
   * own https origin (stackTls.ts); the services still listen on their plain-http ports behind it.
   */
  tls?: StackTlsOptions
  /**
   * How the api, auth frame, relay, IdP and on-ramp page run: `in-process` (default: their TypeScript in
   * this process, quick to start) or `built` (each `node services/<name>/dist/cli.js` in a child process,
   * configured by environment as an operator runs it; stackBuiltServices.ts). The devnet and the static
   * servers run in this process either way.
   */
  services?: 'in-process' | 'built'
  /** With `services: 'built'`: the children's logs and config files (default .tmp/services-<demo port>). */
  servicesDir?: string
  log?: (line: string) => void
}

export interface Stack {
  devnet: Devnet
  /** Our WalletConnect relay (services/relay), in memory; the demo's relayUrl. */
  relay: Omit<RelayHandle, 'close'>
  /** Our blockchain API (services/api); the demo's apiUrl. */
  api: Omit<ApiHandle, 'close'>
  /** The embedded wallet's frame (services/auth-frame) on its own origin; the demo's authFrameUrl. */
  authFrame: Omit<AuthFrameHandle, 'close'>
  /** The local OpenID Connect provider (social login) and Sign-In-With-Farcaster relay (services/idp). */
  idp: Omit<IdpHandle, 'close'>
  /** The sandbox on-ramp provider page (services/onramp) on its own origin; the API's onramp.pageUrl. */
  onramp: Omit<OnrampHandle, 'close'>
  /** With `services: 'built'`: each service's child process (pid, argv, log file). */
  builtServices?: BuiltService[]
  /** The ERC-4337 bundler (alto) on chain A (ports.bundler), when the fixtures (EntryPoint) are deployed. */
  bundler?: BundlerProcess
  /** Every chain's bundler: chain A's, and chain B's on ports.bundlerB (stackBundlers.ts). */
  bundlers: BundlerProcess[]
  /** Where the auth frame gives users smart accounts: chains with EntryPoint, factory and a bundler. */
  smartAccountNetworks: SmartAccountNetwork[]
  /** nginx and the certificates when started with `tls`. */
  tls?: StackTls
  /** The relay and API URLs the demo is given: wss:// and https:// under `tls`, else the services' own. */
  relayUrl: string
  apiUrl: string
  demoUrl: string
  vanillaUrl: string
  pluginsUrl: string
  pluginBaseUrl: string
  /** The object the demo page reads as window.__PORTICO_DEMO__. */
  demoEnvironment: Record<string, unknown>
  /**
   * The dev wallet configuration for a given dev account index; with `solana: true` it also
   * registers the Solana (Wallet Standard) wallet with SOLANA_DEV_ACCOUNTS[accountIndex] (0–4).
   */
  devWalletConfig: DevWalletConfig
  devWalletBundle: string
  stop(): Promise<void>
}

export { BITCOIN_NETWORK_NAME, SOLANA_NETWORK_NAME } from './demoPage.ts'

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports } = options
  const log = options.log ?? (() => {})
  // Read first, so a malformed PORTICO_APP_ORIGINS fails before anything starts.
  // The one list of where the project's apps run, read by the API (sign-in messages) and the auth frame
  // (who may embed it): the demo page (and the vanilla host under it), plus PORTICO_APP_ORIGINS.
  const origins = options.tls ? tlsOrigins(options.tls.ports) : undefined
  const demoOrigin = origins?.demo ?? `http://localhost:${ports.demo}`
  const projects = devStackProjects(demoOrigin)
  const appOrigins = (projects['portico-dev'] ?? []).filter((origin) => origin !== demoOrigin)
  const devnet = await startDevnet({
    host: ports.host,
    chains: [
      { chainId: 31337, port: ports.chainA },
      { chainId: 31338, port: ports.chainB },
    ],
    fixtures: options.fixtures ?? false,
    solana: { port: ports.solana },
    // The Bitcoin regtest node (bcoin); a block a second while transactions wait.
    bitcoin: { port: ports.bitcoin },
  })
  log(`chains: ${devnet.chains.map((chain) => `${chain.chainId} at ${chain.rpcUrl}`).join(', ')}`)
  const servers: StaticServer[] = []
  let relay: RelayHandle | undefined
  let stopRelayStore: (() => Promise<void>) | undefined
  let api: ApiHandle | undefined
  let authFrame: AuthFrameHandle | undefined
  let idp: IdpHandle | undefined
  let onramp: OnrampHandle | undefined
  const built =
    options.services === 'built'
      ? builtStackServices(options.servicesDir ?? path.join(ROOT, '.tmp', `services-${ports.demo}`))
      : undefined
  let tls: StackTls | undefined
  const chainA = devnet.chains.find((chain) => chain.chainId === 31337)
  // Smart accounts: alto on each chain with the fixtures' EntryPoint v0.8, awaited before the auth frame.
  const bundlerStarts = startStackBundlers(devnet, ports)
  // The provider page's origin and the secret its calls to the API are signed with (one per stack).
  /** Stops whatever has started (the stack's stop(), and a failed start). */
  const shutdown = async () => {
    // nginx first, so no request reaches a service that is stopping.
    await tls?.nginx.stop()
    await Promise.all([
      ...servers.map((server) => server.close()),
      relay?.close(),
      api?.close(),
      authFrame?.close(),
      idp?.close(),
      onramp?.close(),
      bundlerStarts.stop(),
    ])
    await stopRelayStore?.()
    await devnet.stop()
  }
  const onrampPage = { pageUrl: `http://127.0.0.1:${ports.onramp}`, secret: randomBytes(32).toString('hex') }
  try {
    const apiConfig: ApiConfigInput = {
      port: options.api?.port ?? Number(process.env.PORTICO_API_PORT ?? 4180),
      chains: devnet.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
      // Sign-in (SIWX) messages may name the local Solana node's network too.
      ...(devnet.solana ? { siwx: { extraChains: [devnet.solana.networkId] } } : {}),
      ...(devnet.bitcoin
        ? {
            bitcoin: {
              networkId: devnet.bitcoin.networkId,
              url: devnet.bitcoin.url,
              apiKey: devnet.bitcoin.apiKey,
            },
          }
        : {}),
      ...(devnet.fixtures ? { fixtures: devnet.fixtures } : {}),
      ...(options.api?.sqliteFile
        ? { database: { kind: 'sqlite' as const, file: options.api.sqliteFile } }
        : {}),
      onramp: onrampPage,
      projects,
      // Any local page may call the dev API (the e2e consumer apps run on ports of their own).
      corsOrigins: 'localhost',
      // Every page of this machine comes from one loopback address, and the API budgets per client IP:
      // the local stack gives that one address a budget for a whole test run (production keeps the defaults).
      rateLimit: { perSecond: 1000, burst: 5000 },
      // Behind nginx the client address is the one nginx saw (X-Forwarded-For from loopback only).
      ...(origins ? { trustProxy: TRUST_LOOPBACK_PROXY } : {}),
      logLevel: 'warn',
    }
    api = built ? await built.api(apiConfig) : await startApi(apiConfig)
    log(`api: ${api.url}`)
    onramp = await startOnrampSandbox(
      devnet,
      built ? built.onramp : startOnramp,
      api.url,
      onrampPage.secret,
      ports.onramp,
    )
    log(`on-ramp sandbox: ${onramp.url} (treasury ${onramp.treasury})`)
    // Social login: every provider client of the local IdP redirects to the frame's callback page.
    const idpConfig: IdpOptions = {
      port: ports.idp,
      redirectUris: [`${origins?.authFrame ?? `http://127.0.0.1:${ports.authFrame}`}/social/callback`],
    }
    idp = built ? await built.idp(idpConfig) : await startIdp(idpConfig)
    log(
      `idp: ${idp.url} (OpenID Connect for Google, Apple, Facebook; GitHub, Discord, X under /github, /discord, /x; farcaster relay)`,
    )
    // Farcaster custody is read from an ID registry on chain A, as production reads Optimism's: the
    // registry holds the IdP's dev accounts, so the relay's word about a fid's key is checked on chain.
    const farcasterChain = chainA
      ? {
          rpcUrl: chainA.rpcUrl,
          idRegistry: await deployIdRegistry(
            chainA,
            devFarcasterAccounts().map((account) => ({ fid: account.fid, custody: account.custody.address })),
          ),
        }
      : {}
    log(`farcaster: custody from the ID registry ${farcasterChain.idRegistry ?? '(none: no chain A)'}`)
    const bundlers = await bundlerStarts.ready
    for (const b of bundlers) log(`bundler: ${b.url} (alto, chain ${b.chainId}, EntryPoint ${b.entryPoint})`)
    const chainABundler = bundlers.find((b) => b.chainId === 31337)
    const smartAccountNetworks = bundlerStarts.networks(bundlers)
    const paymasters = stackPaymasters(devnet, api.url, smartAccountNetworks)
    for (const p of paymasters.frame) log(`paymaster: ${p.url} (chain ${p.chainId}, ${p.paymaster})`)
    const social = { ...devSocialConfig(idp.url), farcaster: { relayUrl: idp.url, ...farcasterChain } }
    const authFrameConfig: AuthFrameConfigInput = {
      host: '127.0.0.1',
      port: ports.authFrame,
      // Behind nginx: the origin browsers see (frame URL, mail links, the Origin its API requires), and
      // the client address from nginx's X-Forwarded-For (the per-IP email limit).
      ...(origins ? { publicUrl: origins.authFrame, trustProxy: TRUST_LOOPBACK_PROXY } : {}),
      projects: Object.fromEntries(
        Object.entries(projects).map(([id, origins]) => [id, { allowedOrigins: origins }]),
      ),
      chains: devnet.chains.map((chain) => ({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        name: CHAIN_NAMES[chain.chainId],
      })),
      ...(devnet.solana
        ? { solana: { networkId: devnet.solana.networkId, rpcUrl: devnet.solana.rpcUrl } }
        : {}),
      ...(options.authFrame?.sqliteFile
        ? { database: { kind: 'sqlite' as const, file: options.authFrame.sqliteFile } }
        : {}),
      // Mail goes through the frame's SMTP mailer to a loopback SMTP receiver (a free port) that the
      // frame starts and that feeds the dev mailbox: the same sending code as production.
      devMailbox: true,
      // The only paymaster services the frame's backend may fetch for the dev project's apps.
      paymasterServices: paymasters.frame,
    }
    authFrame = built
      ? await built.authFrame(authFrameConfig, { social, smartAccountNetworks })
      : await startAuthFrame({
          ...authFrameConfig,
          social: createSocialLogin({ config: social }),
          smartAccounts: createSmartAccountProvider({ networks: smartAccountNetworks }),
        })
    log(
      `auth frame: ${authFrame.frameUrl}   mailbox: ${authFrame.mailboxUrl}.html${authFrame.devSmtp ? `   smtp: ${authFrame.devSmtp.host}:${authFrame.devSmtp.port}` : ''}`,
    )
    // Embedded store by default; Redis when configured (PORTICO_REDIS_URL, or PORTICO_RELAY_STORE=redis
    // with a redis-server the stack installs and starts like Chromium). A built relay connects itself.
    const relayStore = built
      ? undefined
      : await relayBackendFromEnv({
          env: process.env,
          startRedis: () => {
            const dir = path.join(ROOT, 'services/relay/.data/redis')
            mkdirSync(dir, { recursive: true })
            return startRedis({ dir, appendfsync: 'everysec' })
          },
          createBackend: createRedisBackend,
        })
    stopRelayStore = relayStore?.stop
    const relayConfig: RelayOptions = {
      host: '127.0.0.1',
      port: options.relayPort ?? Number(process.env.PORTICO_RELAY_PORT ?? 4190),
      log: false,
      // The same PORTICO_RELAY_MAX_* quotas as the relay run alone.
      limits: limitsFromEnv(process.env),
      // Behind nginx its per-IP quotas count the address nginx saw, not nginx's own.
      ...(origins ? { trustProxy: TRUST_LOOPBACK_PROXY } : {}),
    }
    relay = built
      ? await built.relay(relayConfig)
      : await startRelay({ ...relayConfig, ...(relayStore ? { backend: relayStore.backend } : {}) })
    log(`relay: ${relay.url}${relayStore ? ` on ${relayStore.describe}` : ''}`)
    const plugins = await startStaticServer({
      host: '127.0.0.1',
      port: ports.plugins,
      mounts: [{ prefix: '/plugins', dir: path.join(DIST, 'plugins') }],
      cors: true,
    })
    servers.push(plugins)
    const pluginBaseUrl = `${origins?.plugins ?? plugins.url}/plugins`
    const relayUrl = origins?.relay ?? relay.url
    const apiUrl = origins?.api ?? api.url
    const environment = {
      ...demoEnvironment(devnet, { pluginBaseUrl, relayUrl, apiUrl, authFrameUrl: authFrame.frameUrl }),
      ...paymasters.demo,
    }
    const devWalletConfig = devWalletConfigOf(devnet)
    const head = demoHead(
      environment,
      options.devWalletOnPage ? devWalletConfig(0, { solana: true, bitcoin: true }) : undefined,
    )
    // The demo is served under a strict policy (scripts/lib/demoCsp.ts); only the test build reads the
    // query's overrides, so only its policy follows them.
    const cspEnvironment = environment as unknown as DemoCspEnvironment
    const testBuildPolicy = (search: string, nonce: string) =>
      demoContentSecurityPolicy(cspEnvironment, search, nonce)
    const defaultBuildPolicy = (_search: string, nonce: string) =>
      demoContentSecurityPolicy(cspEnvironment, '', nonce)
    const demo = await startStaticServer({
      // Behind nginx only nginx reaches it: one exact loopback address for its proxy_pass.
      host: options.tls ? '127.0.0.1' : 'localhost',
      port: ports.demo,
      mounts: [
        { prefix: '/vanilla', dir: path.join(DIST, 'vanilla') },
        ...(options.demoBuild === 'test'
          ? [
              {
                prefix: '/default/',
                dir: path.join(DIST, 'demo'),
                contentSecurityPolicy: defaultBuildPolicy,
              },
              { prefix: '/', dir: path.join(DIST, 'demo-test'), contentSecurityPolicy: testBuildPolicy },
            ]
          : [{ prefix: '/', dir: path.join(DIST, 'demo'), contentSecurityPolicy: defaultBuildPolicy }]),
      ],
      files: options.devWalletOnPage ? { '/dev-wallet.js': DEV_WALLET_BUNDLE } : {},
      injectHead: head,
    })
    servers.push(demo)
    if (options.tls)
      tls = await startTlsProxy(
        options.tls,
        {
          demo: demo.url,
          plugins: plugins.url,
          api: api.url,
          relay: httpUpstream(relay.url),
          authFrame: `http://127.0.0.1:${authFrame.port}`,
        },
        log,
      )
    const demoUrl = origins?.demo ?? demo.url
    const pluginsUrl = origins?.plugins ?? plugins.url
    // The Solana node serves browser pages of the stack's own origins only (not any site).
    devnet.solana?.allowOrigins([demoUrl, pluginsUrl, ...appOrigins])
    log(`demo: ${demoUrl}   plugins: ${pluginBaseUrl}`)
    if (appOrigins.length > 0) log(`app origins (PORTICO_APP_ORIGINS): ${appOrigins.join(', ')}`)
    return {
      devnet,
      relay,
      api,
      authFrame,
      idp,
      onramp,
      ...(chainABundler ? { bundler: chainABundler } : {}),
      bundlers,
      ...(built ? { builtServices: built.processes } : {}),
      smartAccountNetworks,
      ...(tls ? { tls } : {}),
      relayUrl,
      apiUrl,
      demoUrl: `${demoUrl}/`,
      vanillaUrl: `${demoUrl}/vanilla/`,
      pluginsUrl,
      pluginBaseUrl,
      demoEnvironment: environment,
      devWalletConfig,
      devWalletBundle: DEV_WALLET_BUNDLE,
      stop: shutdown,
    }
  } catch (error) {
    await shutdown()
    throw error
  }
}

/**
 * The sandbox provider page with its treasury (the default sandbox key) funded on the devnet: ETH by
 * anvil_setBalance, USDC minted by the fixtures' deployer when the fixtures are deployed.
 */
async function startOnrampSandbox(
  devnet: Devnet,
  start: (options: OnrampOptions) => Promise<OnrampHandle>,
  apiUrl: string,
  secret: string,
  port: number,
) {
  const chains = devnet.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
  const server = await start({ port, apiUrl, secret, treasuryKey: DEFAULT_TREASURY_KEY, chains })
  try {
    await fundTreasury({
      treasury: server.treasury,
      chains,
      eth: 10n ** 24n,
      tokens: Object.entries(devnet.fixtures ?? {}).map(([chainId, f]) => ({
        chainId: Number(chainId),
        address: f.tokens.USDC,
        minimum: 10n ** 12n,
        mint: 10n ** 13n,
      })),
      minterKey: DEV_ACCOUNTS[0]?.privateKey ?? '0x',
    })
  } catch (error) {
    await server.close()
    throw error
  }
  return server
}
