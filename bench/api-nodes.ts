/**
 * API nodes on one PostgreSQL: req/s with one API node, then with two nodes sharing the database
 * (connections spread over both), on GET /v1/account/{address}/history (from the database, kept per
 * account; on the node that does not index, per state of the index) and
 * GET /v1/account/{address}/balance (kept per account and chain head).
 *
 *   npx tsx bench/api-nodes.ts [--connections 100] [--duration 15]
 *
 * PostgreSQL: PORTICO_TEST_DATABASE_URL or DATABASE_URL, else services/api/scripts/pg-test-setup.sh
 * starts a throwaway one (installing Debian's postgresql when missing). The run uses its own schema,
 * dropped at the end. A devnet (31337, 31338, fixtures) and the API nodes (services/api CLI, each in
 * its own process, rate limit lifted) listen on 127.0.0.1 only; autocannon runs --duration seconds.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import {
  cleanup,
  cleanups,
  type LoadRow,
  load,
  log,
  rpc,
  startApiProcess,
  startDevnetForBench,
  table,
  waitIndexed,
} from './lib/apiLoad.ts'
import { positive } from './lib/relayLoad.ts'

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '15' },
  },
})
const CONNECTIONS = positive('connections', values.connections)
const DURATION = positive('duration', values.duration)
const PROJECT = 'portico-bench'

function databaseUrl(): string {
  const given = process.env.PORTICO_TEST_DATABASE_URL || process.env.DATABASE_URL
  if (given) return given
  log('no PORTICO_TEST_DATABASE_URL: starting a throwaway PostgreSQL (pg-test-setup.sh)')
  const script = resolve(dirname(fileURLToPath(import.meta.url)), '../services/api/scripts/pg-test-setup.sh')
  return execFileSync('sh', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim()
}

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

let failed = false
try {
  const url = databaseUrl()
  const schema = `portico_bench_${randomBytes(6).toString('hex')}`
  await sql(url, `CREATE SCHEMA ${schema}`)
  cleanups.push(() => sql(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`))
  const nodeUrl = new URL(url)
  nodeUrl.searchParams.set('options', `-c search_path=${schema}`)

  log('starting a devnet (31337, 31338, fixtures)')
  const devnet = await startDevnetForBench([31337, 31338])
  const env = {
    PORTICO_API_HOST: '127.0.0.1',
    PORTICO_API_PORT: '0',
    PORTICO_CHAINS: devnet.chains.map((c) => `${c.chainId}=${c.rpcUrl}`).join(','),
    DATABASE_URL: nodeUrl.toString(),
    PORTICO_PROJECT_IDS: PROJECT,
    PORTICO_RATE_LIMIT: '1000000000',
    PORTICO_RATE_BURST: '1000000000',
    PORTICO_PROJECT_RATE_LIMIT: '1000000000',
    PORTICO_PROJECT_RATE_BURST: '1000000000',
    PORTICO_API_LOG_LEVEL: 'warn',
  }
  const first = await startApiProcess(env)
  const heads = Object.fromEntries(
    await Promise.all(
      devnet.chains.map(async (c) => [c.chainId, Number(await rpc(c.rpcUrl, 'eth_blockNumber'))]),
    ),
  )
  await waitIndexed(first, heads, 60_000)
  const holder = devnet.accounts[1]?.address ?? ''
  const paths = {
    'GET /v1/account/{address}/history': `/v1/account/${holder}/history?projectId=${PROJECT}&st=bench&sv=1`,
    'GET /v1/account/{address}/balance': `/v1/account/${holder}/balance?projectId=${PROJECT}&currency=usd&st=bench&sv=1`,
  }
  const rows: LoadRow[] = []
  for (const [name, path] of Object.entries(paths)) {
    rows.push(await load(`${name}, 1 node`, `${first}${path}`, CONNECTIONS, DURATION))
  }
  const second = await startApiProcess(env)
  // The second node stands by (the first holds the indexer lock) and answers from the same database.
  await waitIndexed(second, heads, 60_000)
  for (const [name, path] of Object.entries(paths)) {
    rows.push(await load(`${name}, 2 nodes`, [`${first}${path}`, `${second}${path}`], CONNECTIONS, DURATION))
  }
  console.log(
    `\nAPI nodes on one PostgreSQL: autocannon, ${CONNECTIONS} connections, ${DURATION} s each, 127.0.0.1\n`,
  )
  console.log(table(rows))
  failed = rows.some((r) => r.errors > 0 || r.timeouts > 0 || r.non2xx > 0)
  if (failed) console.log('\nFAILED: some requests errored or answered other than 2xx')
} catch (err) {
  failed = true
  console.error(err)
} finally {
  await cleanup()
}
console.log(
  `\nMachine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
process.exit(failed ? 1 : 0)
