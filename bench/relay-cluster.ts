/**
 * Relay cluster: messages/s and p50/p99 delivery latency for one relay node (embedded SQLite store,
 * and on Redis) against two nodes on one Redis, at each --clients count; then the relay process's
 * memory per 1,000 idle subscribed connections (embedded and Redis).
 *
 *   npx tsx bench/relay-cluster.ts [--clients 200,2000] [--messages 10000] [--idle 1000] [--timeout 600]
 *
 * Relay nodes run in their own processes (services/relay/src/cli.ts); Redis is a throwaway
 * redis-server (scripts/lib/redis.mjs: AOF on, appendfsync everysec, as a production setting) unless
 * PORTICO_REDIS_URL is set. Clients are spread over the nodes (client i on node i % nodes) and each
 * publishes to the next client's topic, so with two nodes every message crosses Redis. Loopback
 * only; every loop is bounded by the counts and the whole run by --timeout seconds.
 */
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { RelayClient } from '@portico/relay'
import { startRedis, type TestRedis } from '../scripts/lib/redis.mjs'
import {
  connectClients,
  positive,
  type RelayUnderTest,
  type RingResult,
  relayInChild,
  rssOf,
  runRing,
} from './lib/relayLoad.ts'

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200,2000' },
    messages: { type: 'string', default: '10000' },
    idle: { type: 'string', default: '1000' },
    timeout: { type: 'string', default: '600' },
  },
})
const CLIENT_COUNTS = (values.clients ?? '').split(',').map((c) => positive('clients', c))
const MESSAGES = positive('messages', values.messages)
const IDLE = positive('idle', values.idle)
const DEADLINE = Date.now() + positive('timeout', values.timeout) * 1000
const log = (line: string) => console.error(`› ${line}`)

// Many bench clients share 127.0.0.1: lift the per-IP caps (the per-client ones stay).
const NODE_ENV = {
  PORTICO_RELAY_MAX_SOCKETS_PER_IP: '1000000',
  PORTICO_RELAY_MAX_SUBSCRIPTIONS_PER_IP: '10000000',
}

type Backend = 'embedded' | 'redis'

async function startNodes(backend: Backend, count: number, redisUrl: string): Promise<RelayUnderTest[]> {
  const prefix = `portico:bench:${randomUUID()}:`
  const env =
    backend === 'redis'
      ? { ...NODE_ENV, PORTICO_REDIS_URL: redisUrl, PORTICO_REDIS_PREFIX: prefix }
      : NODE_ENV
  return Promise.all(Array.from({ length: count }, () => relayInChild(DEADLINE, env)))
}

interface Row extends RingResult {
  backend: Backend
  nodes: number
}

async function ring(backend: Backend, nodes: number, clients: number, redisUrl: string): Promise<Row> {
  const rounds = Math.max(1, Math.ceil(MESSAGES / clients))
  log(`${backend}, ${nodes} node(s): ${clients} clients x ${rounds} rounds`)
  const relays = await startNodes(backend, nodes, redisUrl)
  let conns: RelayClient[] = []
  try {
    conns = await connectClients(
      relays.map((r) => r.url),
      clients,
      DEADLINE,
    )
    return { backend, nodes, ...(await runRing(conns, rounds, DEADLINE)) }
  } finally {
    await Promise.all(conns.map((c) => c.close()))
    await Promise.all(relays.map((r) => r.close()))
  }
}

/** Growth of a relay node's RSS with IDLE connected, subscribed, silent clients. */
async function idleMemory(
  backend: Backend,
  redisUrl: string,
): Promise<{ backend: Backend; bytesPer1000: number }> {
  const [relay] = await startNodes(backend, 1, redisUrl)
  if (!relay?.pid) throw new Error('relay without a pid')
  let conns: RelayClient[] = []
  try {
    // Warm up (code paths loaded, first allocations) before the baseline.
    const warm = await connectClients([relay.url], 20, DEADLINE)
    await Promise.all(warm.map((c, i) => c.request('irn_subscribe', { topic: `${'f'.repeat(60)}${i}` })))
    await Promise.all(warm.map((c) => c.close()))
    await new Promise((r) => setTimeout(r, 1000))
    const before = rssOf(relay.pid)
    conns = await connectClients([relay.url], IDLE, DEADLINE)
    await Promise.all(
      conns.map((c, i) =>
        c.request('irn_subscribe', { topic: randomUUID().replaceAll('-', '') + String(i) }),
      ),
    )
    await new Promise((r) => setTimeout(r, 2000))
    const after = rssOf(relay.pid)
    return { backend, bytesPer1000: ((after - before) * 1000) / IDLE }
  } finally {
    await Promise.all(conns.map((c) => c.close()))
    await relay.close()
  }
}

function table(rows: Row[]): string {
  const head = ['store', 'nodes', 'clients', 'messages', 'delivered', 'msg/s', 'p50 ms', 'p99 ms', 'max ms']
  const lines = rows.map((r) => [
    r.backend === 'redis' ? 'Redis' : 'embedded SQLite',
    String(r.nodes),
    String(r.clients),
    String(r.published),
    String(r.delivered),
    String(r.deliveredPerSecond),
    r.latencyMs.p50.toFixed(1),
    r.latencyMs.p99.toFixed(1),
    r.latencyMs.max.toFixed(1),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  return [fmt(head), ...lines.map(fmt)].join('\n')
}

let redis: TestRedis | undefined
let failed = false
try {
  const external = process.env.PORTICO_REDIS_URL
  if (!external) redis = await startRedis({ appendfsync: 'everysec' })
  const redisUrl = external ?? redis?.url ?? ''
  log(`Redis at ${external ? 'PORTICO_REDIS_URL' : redisUrl}`)
  const rows: Row[] = []
  for (const clients of CLIENT_COUNTS) {
    rows.push(await ring('embedded', 1, clients, redisUrl))
    rows.push(await ring('redis', 1, clients, redisUrl))
    rows.push(await ring('redis', 2, clients, redisUrl))
  }
  const memory = [await idleMemory('embedded', redisUrl), await idleMemory('redis', redisUrl)]
  console.log(`\nRelay cluster: ring load (each client publishes to the next one's topic), 127.0.0.1\n`)
  console.log(table(rows))
  console.log(`\nRelay RSS growth per 1,000 idle subscribed connections (measured with ${IDLE}):`)
  for (const m of memory)
    console.log(
      `  ${m.backend === 'redis' ? 'Redis' : 'embedded SQLite'}: ${(m.bytesPer1000 / 1e6).toFixed(1)} MB`,
    )
  console.log(JSON.stringify({ rows, memory }))
  failed = rows.some((r) => r.lost > 0 || r.duplicates > 0 || r.misrouted > 0)
  if (failed) console.log('\nFAILED: messages lost, duplicated or misrouted')
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await redis?.stop()
}
console.log(
  `\nMachine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
process.exit(failed ? 1 : 0)
