import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { DevDefaultsRefused, refusalOf } from '@portico/ops'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort, tempDir } from '../test/helpers.ts'
import { openRepository } from './db/open.ts'
import { importDirectory } from './directory/importCommand.ts'
import { configFromEnv } from './env.ts'
import { startApi } from './server.ts'
import { siwxConfigFromEnv } from './siwx/env.ts'

const LISTING = join(import.meta.dirname, '..', 'test', 'fixtures', 'directory-listing.json')
let dir: ReturnType<typeof tempDir>
let rpcUrl: string
beforeAll(async () => {
  dir = tempDir('portico-api-production-')
  // Start-up reads token metadata and indexes: a closed port answers at once that the chain is down.
  rpcUrl = `http://127.0.0.1:${await freePort()}`
})
afterAll(() => dir.remove())

/** The CLI's configuration for this environment (cli.ts). */
const fromEnv = (env: NodeJS.ProcessEnv) => ({ ...configFromEnv(env), siwx: siwxConfigFromEnv(env) })

describe('production mode', () => {
  it('with every dev default left, start-up refuses once, naming each', async () => {
    vi.stubEnv('PORTICO_WALLET_DATA_DIR', '')
    const input = {
      ...fromEnv({ PORTICO_ENV: 'production', PORTICO_ONRAMP_PAGE_URL: 'http://127.0.0.1:4202' }),
      port: 0,
      database: { kind: 'sqlite' as const, file: join(dir.dir, 'dev.sqlite') },
    }
    const error = await refusalOf(startApi(input)).finally(() => vi.unstubAllEnvs())
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    const message = error.message
    for (const name of [
      'the dev project id "portico-dev"',
      'a localhost-only origin list (CORS origins: "localhost")',
      'a localhost-only origin list (sign-in origins of project "portico-dev": "localhost")',
      'a generated sign-in nonce key',
      'a generated session token secret',
      'the devnet chains',
      'fixed prices from the dev fixtures are in use',
      'price feeds of the devnet fixtures are in use',
      'PORTICO_WALLET_DIRECTORY is dev',
      'PORTICO_ONRAMP_SANDBOX',
      'no paymaster signing key',
    ])
      expect(message).toContain(name)
    expect(error.problems).toHaveLength(11)
  })

  it('NODE_ENV=production is production too; a wildcard or localhost-only project list is refused', async () => {
    const error = await refusalOf(
      startApi({
        ...fromEnv({
          NODE_ENV: 'production',
          PORTICO_PROJECTS: 'acme=http://localhost:5173,http://127.0.0.1:5173',
          PORTICO_API_CORS_ORIGINS: '*',
        }),
        port: 0,
      }),
    )
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    const message = error.message
    expect(message).toContain('a wildcard origin list (CORS origins: "*")')
    expect(message).toContain(
      'a localhost-only origin list (sign-in origins of project "acme": http://localhost:5173, http://127.0.0.1:5173)',
    )
    expect(message).not.toContain('portico-dev')
  })

  it('with a production configuration, it starts', async () => {
    // The deployment's own network, currency and token images (none here).
    vi.stubEnv('PORTICO_WALLET_DATA_DIR', dir.dir)
    vi.stubEnv('PORTICO_WALLET_DIRECTORY', 'database')
    const database = { kind: 'sqlite' as const, file: join(dir.dir, 'prod.sqlite') }
    const repo = await openRepository(database)
    try {
      expect((await importDirectory(repo, LISTING)).stored).toBe(true)
    } finally {
      await repo.close()
    }
    try {
      const api = await startApi({
        ...fromEnv({
          PORTICO_ENV: 'production',
          PORTICO_PROJECTS:
            'acme=https://app.acme.example,https://www.acme.example;beta=https://beta.example',
          PORTICO_CHAINS: `1=${rpcUrl}`,
          PORTICO_TOKENS: '1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          PORTICO_SIWX_NONCE_KEY: randomBytes(32).toString('hex'),
          PORTICO_SIWX_TOKEN_SECRET: randomBytes(32).toString('hex'),
          PORTICO_ONRAMP_SANDBOX: 'off',
          PORTICO_API_LOG_LEVEL: 'silent',
        }),
        port: 0,
        database,
      })
      try {
        expect(api.config.production).toBe(true)
        expect(api.config.projectIds).toEqual(['acme', 'beta'])
        expect(api.config.corsOrigins).toEqual([
          'https://app.acme.example',
          'https://www.acme.example',
          'https://beta.example',
        ])
        expect(api.config.siwx.origins.beta).toEqual(['https://beta.example'])
        const cors = await fetch(`${api.url}/v1/supported-chains?projectId=beta`, {
          headers: { origin: 'https://beta.example' },
        })
        expect(cors.headers.get('access-control-allow-origin')).toBe('https://beta.example')
        const foreign = await fetch(`${api.url}/v1/supported-chains?projectId=beta`, {
          headers: { origin: 'http://localhost:4173' },
        })
        expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
        expect((await fetch(`${api.url}/v1/supported-chains?projectId=portico-dev`)).status).toBe(403)
      } finally {
        await api.close()
      }
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
