/**
 * Hostile review finding 7: sign-in nonces were held in one in-memory pool per API process (100,000
 * outstanding, all projects together). One IP rotating clientIds filled it in ~200 s and every
 * project's sign-in answered 503; and a nonce issued by one node was unknown to another (sticky
 * routing). Nonces are now HMAC-signed and stored nowhere until used; a use is recorded in the
 * database (single use across nodes), bounded per project and client IP, and pruned after expiry.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort, getJson, PROJECT, postJson, tempDir } from '../../test/helpers.ts'
import { fieldsFor } from '../../test/siwxHelpers.ts'
import type { ApiConfigInput } from '../config.ts'
import type { Repository } from '../db/repository.ts'
import { createSqliteRepository } from '../db/sqlite.ts'
import { openSqliteDriver } from '../db/sqliteDriver.ts'
import { type ApiServer, startApi } from '../index.ts'
import { siwxConfigFromEnv } from './env.ts'
import { formatSiwxMessage } from './message.ts'
import { createSiwxVerifier } from './service.ts'

const OTHER = 'other-project'
let dir: ReturnType<typeof tempDir>
let rpcUrl: string
const servers: ApiServer[] = []
const closing: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  dir = tempDir('portico-api-nonce-hostile-')
  // EOA signatures are checked offline: the chain URL points at a closed port.
  rpcUrl = `http://127.0.0.1:${await freePort()}`
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
  await Promise.all(closing.splice(0).map((close) => close()))
})
afterAll(() => dir?.remove())

const file = (name: string) => join(dir.dir, `${name}-${randomBytes(4).toString('hex')}`)
const nonceKey = () => randomBytes(32).toString('hex')

async function api(input: ApiConfigInput = {}): Promise<ApiServer> {
  const server = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl }],
    database: { kind: 'sqlite', file: file('api.sqlite') },
    projectIds: [PROJECT, OTHER],
    indexer: { enabled: false },
    logLevel: 'silent',
    ...input,
  })
  servers.push(server)
  return server
}

const headersFrom = (ip?: string): Record<string, string> => (ip ? { 'x-forwarded-for': ip } : {})

async function nonceFrom(server: ApiServer, project = PROJECT, ip?: string): Promise<string> {
  const res = await getJson<{ nonce: string }>(`${server.url}/v1/siwx/nonce?projectId=${project}`, {
    headers: headersFrom(ip),
  })
  if (res.status !== 200) throw new Error(`nonce: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.nonce
}

async function signed(nonce: string, key: Hex = generatePrivateKey()) {
  const account = privateKeyToAccount(key)
  const message = formatSiwxMessage(fieldsFor(account.address, nonce))
  return { message, signature: await account.signMessage({ message }) }
}

const verifyOn = (server: ApiServer, body: unknown, project = PROJECT, ip?: string) =>
  getJson<{ message?: string; token?: string; caipAddress?: string }>(
    `${server.url}/v1/siwx/verify?projectId=${project}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersFrom(ip) },
      body: JSON.stringify(body),
    },
  )

describe('issuing nonces stores nothing, so no flood can exhaust them', () => {
  it('100,001 nonces for one project, then every project still signs in', async () => {
    const verifier = createSiwxVerifier({ siwx: { nonceKey: nonceKey() }, supportedChains: ['eip155:31337'] })
    // The old pool held 100,000 outstanding nonces, all projects together; the next got 503.
    for (let i = 0; i <= 100_000; i++) verifier.issueNonce(PROJECT)
    const issued = verifier.issueNonce(OTHER)
    expect(issued?.nonce).toMatch(/^01[0-9a-f]{96}$/)
    const { message, signature } = await signed(issued?.nonce ?? '')
    const session = await verifier.verify(OTHER, message, signature)
    expect(session.caipAddress).toMatch(/^eip155:31337:0x/)
  })

  it('over HTTP: a flood of nonce requests writes no row and leaves sign-in working', async () => {
    const sqlite = file('flood.sqlite')
    const server = await api({
      database: { kind: 'sqlite', file: sqlite },
      rateLimit: { perSecond: 1e6, burst: 1e6 },
      projectRateLimit: { perSecond: 1e6, burst: 1e6 },
    })
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        getJson(`${server.url}/v1/siwx/nonce?projectId=${PROJECT}&clientId=flood-${i}`),
      ),
    )
    const db = openSqliteDriver(sqlite)
    try {
      expect(await db.all('SELECT id FROM siwx_nonces_used')).toEqual([])
    } finally {
      await db.close()
    }
    expect((await verifyOn(server, await signed(await nonceFrom(server, OTHER)), OTHER)).status).toBe(200)
  })
})

describe('a nonce issued by one node verifies on another, once (no sticky routing)', () => {
  it('two API nodes with the same key: issued by A, verified by B', async () => {
    const siwx = { nonceKey: nonceKey(), tokenSecret: nonceKey() }
    const [a, b] = [await api({ siwx }), await api({ siwx })]
    const body = await signed(await nonceFrom(a))
    const res = await verifyOn(b, body)
    expect(res.status).toBe(200)
    const session = await postJson<{ caipAddress?: string }>(
      `${a.url}/v1/siwx/session?projectId=${PROJECT}`,
      {
        token: res.body.token,
      },
    )
    expect(session.body.caipAddress).toBe(res.body.caipAddress)
    // Another key is another service: its nonces are unknown here.
    const stranger = await api({ siwx: { nonceKey: nonceKey() } })
    const foreign = await verifyOn(stranger, await signed(await nonceFrom(a)))
    expect(foreign.status).toBe(401)
    expect(foreign.body.message).toBe('Nonce unknown or already used: fetch a new one from /v1/siwx/nonce')
  })

  it('nodes sharing one database (two connections to one SQLite file): a use on one is a use on all', async () => {
    const sqlite = file('shared.sqlite')
    const repos: Repository[] = [await createSqliteRepository(sqlite), await createSqliteRepository(sqlite)]
    closing.push(...repos.map((r) => () => r.close()))
    const siwx = { nonceKey: nonceKey() }
    const [a, b] = repos.map((usedNonces) =>
      createSiwxVerifier({ siwx, supportedChains: ['eip155:31337'], usedNonces }),
    ) as [ReturnType<typeof createSiwxVerifier>, ReturnType<typeof createSiwxVerifier>]
    const { message, signature } = await signed(a.issueNonce(PROJECT)?.nonce ?? '')
    expect((await b.verify(PROJECT, message, signature, '203.0.113.1')).caipAddress).toMatch(/^eip155:/)
    await expect(a.verify(PROJECT, message, signature, '203.0.113.1')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Nonce unknown or already used: fetch a new one from /v1/siwx/nonce',
    })
  })
})

describe('what single use stores is bounded and pruned', () => {
  it('per project and client IP: past the bound that IP gets 429, other IPs and projects still sign in', async () => {
    const server = await api({ trustProxy: ['loopback'], siwx: { maxNoncesPerIp: 3 } })
    const flooder = '203.0.113.66'
    // Signatures need not be good: the nonce is used up before the signature is checked.
    for (let i = 0; i < 3; i++) {
      const nonce = await nonceFrom(server, PROJECT, flooder)
      const res = await verifyOn(server, { ...(await signed(nonce)), signature: '0x00' }, PROJECT, flooder)
      expect(res.status).toBe(401)
    }
    const over = await verifyOn(
      server,
      await signed(await nonceFrom(server, PROJECT, flooder)),
      PROJECT,
      flooder,
    )
    expect(over.status).toBe(429)
    expect(over.body.message).toBe(
      `Too many sign-in nonces used from this IP address for project "${PROJECT}": at most 3 in 300 s. Retry later`,
    )
    const elsewhere = await verifyOn(
      server,
      await signed(await nonceFrom(server, PROJECT, '198.51.100.5')),
      PROJECT,
      '198.51.100.5',
    )
    expect(elsewhere.status).toBe(200)
    const otherProject = await verifyOn(
      server,
      await signed(await nonceFrom(server, OTHER, flooder)),
      OTHER,
      flooder,
    )
    expect(otherProject.status).toBe(200)
  })

  it('records live until the nonce expires (plus clock skew), then are deleted', async () => {
    const repo = await createSqliteRepository(file('prune.sqlite'))
    closing.push(() => repo.close())
    const T = 1_800_000_000_000
    const use = (id: string, now: number, client = 'ip') =>
      repo.useSiwxNonce({ id, projectId: PROJECT, client, keepUntil: now + 1000 }, { maxPerClient: 2, now })
    expect(await use('a', T)).toBe('ok')
    expect(await use('a', T + 999)).toBe('used')
    expect(await use('b', T)).toBe('ok')
    expect(await use('c', T)).toBe('full')
    expect(await use('c', T, 'another-ip')).toBe('ok')
    // At keepUntil the records go (the nonces themselves are refused as expired by then).
    expect(await use('d', T + 1000)).toBe('ok')
    expect(await use('e', T + 1000)).toBe('ok')
    expect(await use('f', T + 1000)).toBe('full')
  })
})

describe('the nonce key', () => {
  it('production (PORTICO_ENV=production) refuses to start without one, naming the variable', async () => {
    await expect(api({ siwx: siwxConfigFromEnv({ PORTICO_ENV: 'production' }) })).rejects.toThrow(
      /^PORTICO_SIWX_NONCE_KEY is not set: production/,
    )
    const missing = file('missing-key')
    await expect(
      api({ siwx: siwxConfigFromEnv({ PORTICO_ENV: 'production', PORTICO_SIWX_NONCE_KEY_FILE: missing }) }),
    ).rejects.toThrow(`${missing} does not exist`)
    expect(() => siwxConfigFromEnv({ PORTICO_SIWX_NONCE_KEY: 'abc' })).toThrow(/^PORTICO_SIWX_NONCE_KEY: /)
    const server = await api({
      siwx: siwxConfigFromEnv({ PORTICO_ENV: 'production', PORTICO_SIWX_NONCE_KEY: nonceKey() }),
    })
    expect((await getJson(`${server.url}/v1/siwx/nonce?projectId=${PROJECT}`)).status).toBe(200)
  })

  it('outside production a missing key file is generated (0600) and shared by the nodes reading it', async () => {
    const keyFile = file('nonce-key')
    const lines: string[] = []
    const siwx = { nonceKeyFile: keyFile }
    const a = createSiwxVerifier({ siwx, supportedChains: ['eip155:31337'], log: (l) => lines.push(l) })
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(lines).toEqual([expect.stringMatching(/generated a dev sign-in nonce key/)])
    const b = createSiwxVerifier({ siwx, supportedChains: ['eip155:31337'], log: (l) => lines.push(l) })
    expect(lines).toHaveLength(1)
    const { message, signature } = await signed(a.issueNonce(PROJECT)?.nonce ?? '')
    expect((await b.verify(PROJECT, message, signature)).caipAddress).toMatch(/^eip155:/)

    const open = file('open-key')
    writeFileSync(open, `${nonceKey()}\n`)
    chmodSync(open, 0o644)
    expect(() => createSiwxVerifier({ siwx: { nonceKeyFile: open } })).toThrow(
      /readable or writable by other users/,
    )
  })
})

const pgUrl = process.env.PORTICO_TEST_DATABASE_URL

describe.skipIf(!pgUrl)('sign-in on PostgreSQL, two API nodes', () => {
  it('a nonce from node A verifies on node B once, also when sent to both at once', async () => {
    const schema = `portico_siwx_${randomBytes(6).toString('hex')}`
    const database = { kind: 'postgres' as const, url: pgUrl ?? '', schema }
    const siwx = { nonceKey: nonceKey(), maxNoncesPerIp: 4 }
    try {
      const node = () => api({ database, siwx, trustProxy: ['loopback'] })
      const [a, b] = [await node(), await node()]
      const body = await signed(await nonceFrom(a))
      expect((await verifyOn(b, body)).status).toBe(200)
      const replay = await verifyOn(a, body)
      expect(replay.status).toBe(401)
      expect(replay.body.message).toMatch(/Nonce unknown or already used/)
      const bodies = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => signed(await nonceFrom(i % 2 ? a : b))),
      )
      const answers = await Promise.all(
        bodies.flatMap((x, i) => [a, b].map((n) => verifyOn(n, x, PROJECT, `198.51.100.${i + 1}`))),
      )
      expect(answers.filter((r) => r.status === 200)).toHaveLength(10)
      expect(answers.filter((r) => r.status === 401)).toHaveLength(10)
      // The bound per client IP holds across nodes under concurrent uses.
      const ip = '203.0.113.99'
      const junk = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => ({
          ...(await signed(await nonceFrom(i % 2 ? a : b, PROJECT, ip))),
          signature: '0x00',
        })),
      )
      const flood = await Promise.all(junk.map((x, i) => verifyOn(i % 2 ? a : b, x, PROJECT, ip)))
      expect(flood.filter((r) => r.status === 401)).toHaveLength(4)
      expect(flood.filter((r) => r.status === 429)).toHaveLength(6)
    } finally {
      await Promise.all(servers.splice(0).map((s) => s.close()))
      const client = new pg.Client({ connectionString: pgUrl })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    }
  })
})
