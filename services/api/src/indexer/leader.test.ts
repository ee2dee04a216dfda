/**
 * Indexer leadership on PostgreSQL (PORTICO_TEST_DATABASE_URL): exactly one node indexes, another
 * takes over when it stops, dies (kill -9) or loses its lock connection; two API nodes answer alike.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { ApiHealthResponse, HistoryResponse } from '@portico/shared-types/api'
import pg from 'pg'
import { parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { blockNumber, getJson, PROJECT, sendEth, startEvmDevnet, waitIndexed } from '../../test/helpers.ts'
import type { Repository } from '../db/repository.ts'
import { type ApiServer, startApi } from '../index.ts'
import type { Log } from '../log.ts'
import type { Indexer } from './indexer.ts'
import { type LeaderIndexer, leaderLockKey, startLeaderIndexer } from './leader.ts'

const url = process.env.PORTICO_TEST_DATABASE_URL
const API_DIR = fileURLToPath(new URL('../..', import.meta.url))
const quiet: Log = { info() {}, warn() {}, error() {}, debug() {} }

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
})

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

/** A fresh schema, dropped after the test. */
async function schema(): Promise<string> {
  const name = `portico_leader_${randomBytes(6).toString('hex')}`
  await sql(`CREATE SCHEMA ${name}`)
  cleanups.push(() => sql(`DROP SCHEMA IF EXISTS ${name} CASCADE`))
  return name
}

/** Sessions holding the indexer lock of `schema` (pg_locks splits a bigint key in two halves). */
async function lockHolders(name: string): Promise<number[]> {
  const [db] = await sql<{ db: string }>('SELECT current_database() AS db')
  const key = BigInt.asUintN(64, BigInt(leaderLockKey(db?.db ?? '', name)))
  const rows = await sql<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
       AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1`,
    [String(key >> 32n), String(key & 0xffffffffn)],
  )
  return rows.map((r) => r.pid)
}

/** A leader election whose "indexer" only records that it runs. */
function candidate(name: string, running: Set<string>, id: string): LeaderIndexer {
  const repo = { getCursor: async () => null } as unknown as Repository
  const node = startLeaderIndexer({
    url: url ?? '',
    schema: name,
    repo,
    chainIds: [31337],
    log: quiet,
    retryMs: 100,
    start: (): Indexer => {
      running.add(id)
      return { status: () => [], stop: async () => void running.delete(id) }
    },
  })
  cleanups.push(() => node.stop())
  return node
}

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

if (!url) {
  const reason =
    'Indexer leadership tests skipped: PORTICO_TEST_DATABASE_URL is not set ' +
    '(`export PORTICO_TEST_DATABASE_URL="$(sh services/api/scripts/pg-test-setup.sh)"` starts a local one).'
  console.log(reason)
  describe('indexer leadership on PostgreSQL', () => {
    it.skip(reason, () => {})
  })
} else {
  describe('indexer leadership on PostgreSQL', () => {
    it('exactly one of three nodes indexes; when it stops, one other takes over', async () => {
      const name = await schema()
      const running = new Set<string>()
      const nodes = {
        a: candidate(name, running, 'a'),
        b: candidate(name, running, 'b'),
        c: candidate(name, running, 'c'),
      }
      await until('one node leads', () => running.size === 1)
      const first = [...running][0] as keyof typeof nodes
      expect(Object.values(nodes).filter((n) => n.role() === 'leader')).toHaveLength(1)
      expect(nodes[first].role()).toBe('leader')
      expect(await lockHolders(name)).toHaveLength(1)
      // Standbys keep trying (several rounds) and never start a second indexer.
      await new Promise((r) => setTimeout(r, 500))
      expect(running.size).toBe(1)

      await nodes[first].stop()
      await until('another node leads', () => running.size === 1 && !running.has(first))
      expect(Object.values(nodes).filter((n) => n.role() === 'leader')).toHaveLength(1)
    })

    it('a leader that loses its lock connection stops indexing; another node takes over', async () => {
      const name = await schema()
      const running = new Set<string>()
      const a = candidate(name, running, 'a')
      await until('a leads', () => a.role() === 'leader')
      const b = candidate(name, running, 'b')
      const [pid] = await lockHolders(name)
      // What a network cut or a database failover does to the leader's session.
      await sql('SELECT pg_terminate_backend($1)', [pid])
      await until('b leads', () => b.role() === 'leader')
      expect(running.has('b')).toBe(true)
      expect(a.terms()).toBe(1)
      await until('a stands by', () => a.role() === 'standby' && !running.has('a'))
      expect(await lockHolders(name)).toHaveLength(1)
    })
  })

  describe('a frozen leader', () => {
    it('is cut off by the server after its lease; another node leads; thawed, it stops indexing', async () => {
      const name = await schema()
      const leaderTs = fileURLToPath(new URL('./leader.ts', import.meta.url))
      const script = `
        const { startLeaderIndexer } = await import(${JSON.stringify(leaderTs)})
        const quiet = { info() {}, warn() {}, error() {}, debug() {} }
        startLeaderIndexer({
          url: ${JSON.stringify(url)}, schema: ${JSON.stringify(name)}, chainIds: [], log: quiet,
          repo: { getCursor: async () => null }, retryMs: 100, leaseMs: 1000,
          start: () => {
            console.log('LEADING')
            return { status: () => [], stop: async () => console.log('STOPPED') }
          },
        })`
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: API_DIR,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let out = ''
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString()
      })
      cleanups.push(
        () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGKILL')
          }),
      )
      await until('the child leads', () => out.includes('LEADING'))
      const running = new Set<string>()
      const b = candidate(name, running, 'b')
      await new Promise((r) => setTimeout(r, 300))
      expect(b.role()).toBe('standby')

      child.kill('SIGSTOP')
      try {
        await until('b leads', () => b.role() === 'leader')
      } finally {
        child.kill('SIGCONT')
      }
      await until('the thawed child stops indexing', () => out.includes('STOPPED'))
      expect(await lockHolders(name)).toHaveLength(1)
      expect(b.role()).toBe('leader')
    })
  })

  describe('two API nodes on one PostgreSQL', () => {
    let devnet: Awaited<ReturnType<typeof startEvmDevnet>>
    let rpc: string
    beforeAll(async () => {
      devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: true })
      rpc = devnet.chains[0]?.rpcUrl ?? ''
    })
    afterAll(() => devnet?.stop())

    /** The API CLI in its own process (so it can be killed with SIGKILL) on `name`. */
    async function apiProcess(name: string): Promise<{ url: string; kill(): Promise<void> }> {
      const dbUrl = new URL(url ?? '')
      dbUrl.searchParams.set('options', `-c search_path=${name}`)
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
        cwd: API_DIR,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl.toString(),
          PORTICO_API_HOST: '127.0.0.1',
          PORTICO_API_PORT: '0',
          PORTICO_CHAINS: `31337=${rpc}`,
          PORTICO_INDEXER_POLL_MS: '50',
          PORTICO_API_LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const kill = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          child.once('exit', () => done())
          child.kill('SIGKILL')
        })
      cleanups.push(kill)
      let output = ''
      const apiUrl = await new Promise<string>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`API did not start:\n${output}`)), 60_000)
        const read = (chunk: Buffer) => {
          output += chunk.toString()
          const m = /portico api on (http:\/\/\S+)/.exec(output)
          if (m?.[1]) {
            clearTimeout(timer)
            ok(m[1])
          }
        }
        child.stdout?.on('data', read)
        child.stderr?.on('data', read)
        child.once('exit', (code) => fail(new Error(`API exited with ${code}:\n${output}`)))
      })
      return { url: apiUrl, kill }
    }

    it('serve the same answers; one indexes; the other takes over when it is killed', async () => {
      const name = await schema()
      const first = await apiProcess(name)
      await waitIndexed(first.url, { 31337: await blockNumber(rpc) })
      const second: ApiServer = await startApi({
        port: 0,
        chains: [{ chainId: 31337, rpcUrl: rpc }],
        database: { kind: 'postgres', url: url ?? '', schema: name },
        fixtures: devnet.fixtures ?? {},
        logLevel: 'silent',
        indexer: { pollMs: 50 },
      })
      cleanups.push(() => second.close())
      expect(second.indexerRole()).toBe('standby')

      const holder = devnet.accounts[1]?.address ?? ''
      const key = devnet.accounts[0]?.privateKey ?? '0x'
      const tx1 = await sendEth(rpc, 31337, key, holder as `0x${string}`, parseEther('1'))
      const head1 = await blockNumber(rpc)
      await waitIndexed(first.url, { 31337: head1 })
      await waitIndexed(second.url, { 31337: head1 })
      expect(second.indexerRole()).toBe('standby')
      expect(await lockHolders(name)).toHaveLength(1)

      const history = `/v1/account/${holder}/history?projectId=${PROJECT}`
      const balance = `/v1/account/${holder}/balance?projectId=${PROJECT}&currency=usd`
      for (const path of [history, balance]) {
        const [a, b] = await Promise.all([getJson(`${first.url}${path}`), getJson(`${second.url}${path}`)])
        expect(a.status).toBe(200)
        // Status and body (the Date headers of two answers may fall in different seconds).
        expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body })
      }
      const page = (await getJson<HistoryResponse>(`${second.url}${history}`)).body
      expect(page.data[0]?.metadata.hash).toBe(tx1)

      await first.kill()
      const tx2 = await sendEth(rpc, 31337, key, holder as `0x${string}`, parseEther('2'))
      await waitIndexed(second.url, { 31337: await blockNumber(rpc) })
      expect(second.indexerRole()).toBe('leader')
      expect((await getJson<HistoryResponse>(`${second.url}${history}`)).body.data[0]?.metadata.hash).toBe(
        tx2,
      )
      const health = (await getJson<ApiHealthResponse>(`${second.url}/health`)).body
      expect(health.chains.find((c) => c.chainId === 'eip155:31337')?.indexing).toBe('ok')
    }, 120_000)
  })
}
