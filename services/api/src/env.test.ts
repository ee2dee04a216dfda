import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dexAddresses, fixtureAddresses } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from './config.ts'
import { configFromEnv } from './env.ts'

describe('configFromEnv', () => {
  it('defaults: port 4180 on 127.0.0.1, two local chains, SQLite under .data, portico-dev, devnet fixtures', () => {
    const config = resolveConfig(configFromEnv({}))
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4180,
      chains: [
        { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
        { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
      ],
      database: { kind: 'sqlite' },
      projectIds: ['portico-dev'],
      corsOrigins: 'localhost',
      rateLimit: { perSecond: 50, burst: 200 },
    })
    expect(config.database.kind === 'sqlite' && config.database.file).toMatch(
      /services\/api\/\.data\/api-4180\.sqlite$/,
    )
    const { tokens, spamNft } = fixtureAddresses()
    expect(config.tokens).toEqual(
      [31337, 31338].flatMap((chainId) =>
        Object.entries(tokens).map(([label, address]) => ({ chainId, address, label })),
      ),
    )
    expect(config.spamContracts).toEqual([31337, 31338].map((chainId) => ({ chainId, address: spamNft })))
    const { router } = dexAddresses(tokens)
    expect(config.dexes.map((d) => [d.chainId, d.router])).toEqual([
      [31337, router],
      [31338, router],
    ])
  })

  it('reads every variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-env-'))
    const fixtures = join(dir, 'fixtures.json')
    writeFileSync(
      fixtures,
      JSON.stringify({ 5: { tokens: { X: `0x${'1'.repeat(40)}` }, spamNft: `0x${'2'.repeat(40)}` } }),
    )
    const config = resolveConfig(
      configFromEnv({
        PORTICO_API_HOST: '0.0.0.0',
        PORTICO_API_PORT: '0',
        PORTICO_CHAINS: '5=http://127.0.0.1:9000, 6=https://rpc.example/x',
        DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
        PORTICO_API_SQLITE_FILE: '/ignored/when/postgres',
        PORTICO_PROJECT_IDS: 'a, b',
        PORTICO_API_CORS_ORIGINS: 'http://a.test,http://b.test',
        PORTICO_RATE_LIMIT: '5',
        PORTICO_RATE_BURST: '10',
        PORTICO_PROJECT_RATE_LIMIT: '40',
        PORTICO_PROJECT_RATE_BURST: '80',
        PORTICO_SESSIONS_PER_ADDRESS: '4',
        PORTICO_SESSION_MAX_LIFETIME_S: '3600',
        PORTICO_ANALYTICS_RETENTION_DAYS: '7',
        PORTICO_SESSION_RETENTION_DAYS: '2',
        PORTICO_RETENTION_INTERVAL_MS: '60000',
        PORTICO_TOKENS: `6:0x${'3'.repeat(40)}`,
        PORTICO_FIXTURES_FILE: fixtures,
        PORTICO_SUPPORTED_CHAINS: '',
        PORTICO_INDEXER: 'off',
        PORTICO_INDEXER_POLL_MS: '250',
        PORTICO_INDEXER_BATCH: '50',
        PORTICO_INDEXER_START_BLOCK: '100',
        PORTICO_HISTORY_PAGE_SIZE: '7',
        PORTICO_API_LOG_LEVEL: 'debug',
        PORTICO_RPC_TIMEOUT_MS: '1500',
      }),
    )
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      chains: [
        { chainId: 5, rpcUrl: 'http://127.0.0.1:9000' },
        { chainId: 6, rpcUrl: 'https://rpc.example/x' },
      ],
      database: { kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' },
      projectIds: ['a', 'b'],
      corsOrigins: ['http://a.test', 'http://b.test'],
      rateLimit: { perSecond: 5, burst: 10 },
      projectRateLimit: { perSecond: 40, burst: 80 },
      sessions: { maxPerAddress: 4, maxLifetimeSeconds: 3600 },
      retention: { analyticsDays: 7, endedSessionDays: 2, intervalMs: 60_000 },
      tokens: [
        { chainId: 6, address: `0x${'3'.repeat(40)}` },
        { chainId: 5, address: `0x${'1'.repeat(40)}`, label: 'X' },
      ],
      spamContracts: [{ chainId: 5, address: `0x${'2'.repeat(40)}` }],
      extraSupportedChains: [],
      indexer: { enabled: false, pollMs: 250, batchSize: 50, startBlock: 100 },
      historyPageSize: 7,
      logLevel: 'debug',
      rpcTimeoutMs: 1500,
    })
  })

  it('names the variable of a malformed value', () => {
    expect(() => configFromEnv({ PORTICO_API_PORT: 'http' })).toThrow(/PORTICO_API_PORT/)
    expect(() => configFromEnv({ PORTICO_CHAINS: '31337:http://x' })).toThrow(/PORTICO_CHAINS/)
    expect(() => configFromEnv({ PORTICO_TOKENS: '31337:0x12' })).toThrow(/PORTICO_TOKENS/)
    expect(() => configFromEnv({ PORTICO_RATE_LIMIT: '0' })).toThrow(/PORTICO_RATE_LIMIT/)
    expect(() => configFromEnv({ PORTICO_SESSIONS_PER_ADDRESS: '0' })).toThrow(/PORTICO_SESSIONS_PER_ADDRESS/)
    expect(() => configFromEnv({ PORTICO_RETENTION_INTERVAL_MS: '5' })).toThrow(
      /PORTICO_RETENTION_INTERVAL_MS/,
    )
    expect(() => configFromEnv({ PORTICO_API_LOG_LEVEL: 'loud' })).toThrow(/PORTICO_API_LOG_LEVEL/)
    expect(() => configFromEnv({ PORTICO_FIXTURES_FILE: '/nope/fixtures.json' })).toThrow(
      /PORTICO_FIXTURES_FILE/,
    )
  })

  it('reads the on-ramp page origin and secret; refuses a non-origin URL or a short secret', () => {
    const secret = 's'.repeat(32)
    const env = { PORTICO_ONRAMP_PAGE_URL: 'http://127.0.0.1:4202', PORTICO_ONRAMP_SECRET: secret }
    expect(resolveConfig(configFromEnv(env)).onramp).toEqual({
      pageUrl: 'http://127.0.0.1:4202',
      secret,
      orderTtlSeconds: 1800,
    })
    expect(resolveConfig(configFromEnv({})).onramp).toEqual({
      pageUrl: null,
      secret: null,
      orderTtlSeconds: 1800,
    })
    expect(() => configFromEnv({ ...env, PORTICO_ONRAMP_PAGE_URL: 'javascript:alert(1)' })).toThrow(
      /PORTICO_ONRAMP_PAGE_URL/,
    )
    expect(() => configFromEnv({ ...env, PORTICO_ONRAMP_SECRET: 'short' })).toThrow(/PORTICO_ONRAMP_SECRET/)
  })
  it('reads the Bitcoin node (URL, network, key from env or a file, prefix); off without a URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-env-bitcoin-'))
    const keyFile = join(dir, 'bitcoin-key')
    writeFileSync(keyFile, 'from-file\n', { mode: 0o600 })
    const network = `bip122:${'0f9188f13cb7b2c71f2a335e3a4fc328'}`
    const env = { PORTICO_BITCOIN_NODE_URL: 'http://127.0.0.1:18443', PORTICO_BITCOIN_NETWORK_ID: network }
    expect(resolveConfig(configFromEnv({})).bitcoin).toBeNull()
    expect(resolveConfig(configFromEnv({ ...env, PORTICO_BITCOIN_API_KEY: 'k' })).bitcoin).toEqual({
      url: 'http://127.0.0.1:18443',
      networkId: network,
      apiKey: 'k',
      addressPrefix: 'rb',
    })
    expect(
      configFromEnv({ ...env, PORTICO_BITCOIN_API_KEY_FILE: keyFile, PORTICO_BITCOIN_ADDRESS_PREFIX: 'bc' })
        .bitcoin,
    ).toEqual({ url: 'http://127.0.0.1:18443', networkId: network, apiKey: 'from-file', addressPrefix: 'bc' })
    expect(() => configFromEnv({ PORTICO_BITCOIN_NODE_URL: 'http://127.0.0.1:18443' })).toThrow(
      /PORTICO_BITCOIN_NETWORK_ID/,
    )
    expect(() => configFromEnv({ ...env, PORTICO_BITCOIN_NODE_URL: 'ftp://x' })).toThrow(
      /PORTICO_BITCOIN_NODE_URL/,
    )
    expect(() => configFromEnv({ ...env, PORTICO_BITCOIN_API_KEY_FILE: join(dir, 'none') })).toThrow(
      /PORTICO_BITCOIN_API_KEY_FILE/,
    )
    expect(() => configFromEnv({ ...env, PORTICO_BITCOIN_ADDRESS_PREFIX: 'B C' })).toThrow(
      /PORTICO_BITCOIN_ADDRESS_PREFIX/,
    )
  })
})
