// What the built stack gives each service, read back by the service's own configuration code: the
// child gets the settings the in-process stack passes as code, and a setting no variable carries fails.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ApiConfigInput, configFromEnv as apiConfigFromEnv, resolveConfig } from '@portico/api'
import {
  type AuthFrameConfigInput,
  devSocialConfig,
  configFromEnv as frameConfigFromEnv,
  socialConfigFromEnv,
} from '@portico/auth-frame'
import { limitsFromEnv } from '@portico/relay'
import { afterAll, describe, expect, it } from 'vitest'
import { siwxConfigFromEnv } from '../../services/api/src/siwx/env.ts'
import { apiEnv, authFrameEnv, idpEnv, onrampEnv, projectsEnv, relayEnv } from './stackBuiltServices.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-stack-built-'))
const files = { dir: join(dir, 'config') }
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const chains = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:9645' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:9646' },
]
const projects = { 'portico-dev': ['https://localhost:9443', 'http://localhost:3000'] }
const address = (byte: string) => `0x${byte.repeat(20)}` as const
const mode = (file: string | undefined) => (file ? statSync(file).mode & 0o777 : undefined)

describe('apiEnv', () => {
  const config: ApiConfigInput = {
    port: 9280,
    chains,
    siwx: { extraChains: ['solana:PorticoDevnet1111111111111111111'] },
    bitcoin: { networkId: `bip122:${'0f'.repeat(16)}`, url: 'http://127.0.0.1:19643', apiKey: 'node-key' },
    fixtures: { 31337: { tokens: { USDC: address('11') }, spamNft: address('22') } },
    database: { kind: 'sqlite', file: join(dir, 'api.sqlite') },
    onramp: { pageUrl: 'http://127.0.0.1:9302', secret: 's'.repeat(64) },
    projects,
    corsOrigins: 'localhost',
    rateLimit: { perSecond: 1000, burst: 5000 },
    trustProxy: ['loopback'],
    logLevel: 'warn',
  }

  it('the API reads back what the stack passes', () => {
    const env = apiEnv(config, files)
    const read = apiConfigFromEnv(env)
    const { fixtures, siwx, ...rest } = config
    expect(read).toMatchObject(rest)
    expect(read.fixtures).toEqual(fixtures)
    expect(siwxConfigFromEnv(env)).toEqual(siwx)
    expect(resolveConfig(read).bitcoin).toEqual({ ...config.bitcoin, addressPrefix: 'rb' })
    expect(mode(env.PORTICO_FIXTURES_FILE)).toBe(0o600)
  })

  it('no fixtures: an empty file, not the CLI default devnet addresses', () => {
    const env = apiEnv({ port: 9280, chains }, files)
    expect(apiConfigFromEnv(env).fixtures).toEqual({})
  })

  it('a setting without a variable fails by name', () => {
    expect(() => apiEnv({ ...config, metricsToken: 'a'.repeat(20) }, files)).toThrow(
      'built api: no environment variable carries metricsToken',
    )
    expect(() => apiEnv({ ...config, siwx: { tokenSecret: 'x' } }, files)).toThrow(/carries tokenSecret/)
    expect(() => apiEnv({ ...config, database: { kind: 'postgres', url: 'postgres://x' } }, files)).toThrow(
      /only a SQLite database/,
    )
  })
})

describe('authFrameEnv', () => {
  const config: AuthFrameConfigInput = {
    host: '127.0.0.1',
    port: 9300,
    publicUrl: 'https://127.0.0.1:9447',
    trustProxy: ['loopback'],
    projects: { 'portico-dev': { allowedOrigins: projects['portico-dev'] } },
    chains: chains.map((chain) => ({ ...chain, name: `Devnet ${chain.chainId}` })),
    solana: { networkId: 'solana:PorticoDevnet1111111111111111111', rpcUrl: 'http://127.0.0.1:9899' },
    database: { kind: 'sqlite', file: join(dir, 'frame.sqlite') },
    devMailbox: true,
    paymasterServices: [
      {
        projectId: 'portico-dev',
        chainId: 31337,
        url: 'http://127.0.0.1:9180/v1/paymaster?projectId=portico-dev',
        paymaster: address('66'),
      },
    ],
  }
  const social = {
    ...devSocialConfig('http://127.0.0.1:9301'),
    farcaster: { relayUrl: 'http://127.0.0.1:9301', rpcUrl: chains[0]?.rpcUrl, idRegistry: address('33') },
  }
  const smartAccountNetworks = [
    {
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:9645',
      bundlerUrl: 'http://127.0.0.1:9437',
      entryPoint: address('44'),
      factory: address('55'),
    },
  ]

  it('the auth frame reads back what the stack passes; the social secrets are in a 0600 file', () => {
    const env = authFrameEnv(config, { social, smartAccountNetworks }, files)
    const read = frameConfigFromEnv(env)
    expect(read).toMatchObject({
      host: config.host,
      port: config.port,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      projects: config.projects,
      solana: { networkId: config.solana?.networkId, rpcUrl: 'http://127.0.0.1:9899/' },
      database: config.database,
      devMailbox: true,
    })
    // The CLI's URL parsing adds the path's slash.
    expect(read.chains).toEqual(config.chains?.map((c) => ({ ...c, rpcUrl: `${c.rpcUrl}/` })))
    expect(read.smartAccounts?.enabledNetworks()).toEqual([31337])
    expect(read.paymasterServices).toEqual(config.paymasterServices)
    expect(socialConfigFromEnv(env)).toEqual(social)
    expect(mode(env.PORTICO_SOCIAL_CONFIG)).toBe(0o600)
    expect(Object.values(env).join('\n')).not.toContain('PRIVATE KEY')
  })

  it('fails on a setting without a variable, or smart accounts over an RPC the frame lacks', () => {
    expect(() =>
      authFrameEnv({ ...config, serverKey: 'k' }, { social, smartAccountNetworks }, files),
    ).toThrow('built auth-frame: no environment variable carries serverKey')
    const elsewhere = [
      { ...smartAccountNetworks[0], rpcUrl: 'http://127.0.0.1:1' },
    ] as typeof smartAccountNetworks
    expect(() => authFrameEnv(config, { social, smartAccountNetworks: elsewhere }, files)).toThrow(
      /use an RPC the frame lacks/,
    )
  })
})

describe('relayEnv, idpEnv, onrampEnv', () => {
  it('relay: port, quiet log, limits, trusted proxy, memory store; Redis only by URL', () => {
    const config = {
      host: '127.0.0.1',
      port: 9290,
      log: false,
      limits: { maxSocketsPerIp: 900, maxTokenLifetimeSeconds: 60 },
      trustProxy: ['loopback'],
    }
    const env = relayEnv(config, {})
    expect(env).toMatchObject({
      PORTICO_RELAY_HOST: '127.0.0.1',
      PORTICO_RELAY_PORT: '9290',
      PORTICO_RELAY_LOG: '0',
      PORTICO_RELAY_DATA: 'memory',
      PORTICO_RELAY_TRUST_PROXY: 'loopback',
    })
    expect(limitsFromEnv(env)).toEqual(config.limits)
    expect(relayEnv(config, { PORTICO_REDIS_URL: 'redis://127.0.0.1:6379' }).PORTICO_REDIS_URL).toBe(
      'redis://127.0.0.1:6379',
    )
    expect(() => relayEnv(config, { PORTICO_RELAY_STORE: 'redis' })).toThrow(/needs PORTICO_REDIS_URL/)
    expect(() => relayEnv({ ...config, projectIds: ['a'] }, {})).toThrow(/carries projectIds/)
  })

  it('idp: its port and the frame its clients return to', () => {
    expect(idpEnv({ port: 9301, redirectUris: ['https://127.0.0.1:9447/social/callback'] })).toEqual({
      PORTICO_IDP_PORT: '9301',
      PORTICO_AUTH_FRAME_URL: 'https://127.0.0.1:9447',
    })
    expect(() => idpEnv({ port: 9301, redirectUris: ['https://a.example/elsewhere'] })).toThrow(
      /one redirect/,
    )
  })

  it('onramp: the API, the shared secret, the treasury key and chains, by environment', () => {
    const key = `0x${'ab'.repeat(32)}` as const
    expect(
      onrampEnv({
        port: 9302,
        apiUrl: 'http://127.0.0.1:9280',
        secret: 's'.repeat(64),
        treasuryKey: key,
        chains,
      }),
    ).toEqual({
      PORTICO_ONRAMP_PORT: '9302',
      PORTICO_API_URL: 'http://127.0.0.1:9280',
      PORTICO_ONRAMP_SECRET: 's'.repeat(64),
      PORTICO_ONRAMP_TREASURY_KEY: key,
      PORTICO_CHAINS: '31337=http://127.0.0.1:9645,31338=http://127.0.0.1:9646',
    })
  })

  it('projects: the PORTICO_PROJECTS format', () => {
    expect(projectsEnv({ a: ['https://a.example'], b: ['https://b.example', 'https://c.example'] })).toBe(
      'a=https://a.example;b=https://b.example,https://c.example',
    )
  })
})
