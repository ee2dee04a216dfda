/**
 * Relay throughput: N authenticated WebSocket clients (keys and JWTs from @walletconnect/relay-auth,
 * as the SDK makes them), each subscribed to its own topic, each publishing R messages to the next
 * client's topic. Reports delivered messages per second, messages lost, p50/p99 delivery latency.
 *
 *   npx tsx bench/relay-throughput.ts [--clients 200] [--rounds 50] [--timeout 60] [--in-process]
 *
 * By default the relay runs in its own process (services/relay/src/cli.ts on a free port, memory
 * only), so relay and clients each get a core; --in-process shares one event loop. Traffic stays
 * on 127.0.0.1; the run is bounded by the counts and by --timeout seconds.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { connectRelayClient, type Relay, type RelayClient, type RelayStats, startRelay } from '@portico/relay'

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '50' },
    timeout: { type: 'string', default: '60' },
    'in-process': { type: 'boolean', default: false },
  },
})
const CLIENTS = positive('clients', values.clients)
const ROUNDS = positive('rounds', values.rounds)
const DEADLINE = Date.now() + positive('timeout', values.timeout) * 1000

function positive(name: string, v: string | undefined): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer`)
    process.exit(2)
  }
  return n
}

const now = () => performance.timeOrigin + performance.now()
const topicOf = (i: number) => createHash('sha256').update(`bench-topic-${process.pid}-${i}`).digest('hex')

async function withDeadline<T>(what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: past the --timeout deadline`)),
      Math.max(0, DEADLINE - Date.now()),
    )
  })
  try {
    return await Promise.race([p, timeout])
  } finally {
    clearTimeout(timer)
  }
}

interface RelayUnderTest {
  url: string
  stats(): Promise<RelayStats>
  close(): Promise<void>
}

async function relayInProcess(): Promise<RelayUnderTest> {
  const relay: Relay = await startRelay({ port: 0 })
  return { url: relay.url, stats: async () => relay.stats(), close: () => relay.close() }
}

async function relayInChild(): Promise<RelayUnderTest> {
  const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../services/relay/src/cli.ts')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli], {
    env: { ...process.env, PORTICO_RELAY_PORT: '0', PORTICO_RELAY_DATA: 'memory', PORTICO_RELAY_LOG: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await withDeadline(
    'relay start',
    new Promise<string>((resolveUrl, reject) => {
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const m = /relay ready at (ws:\/\/\S+)/.exec(out)
        if (m?.[1]) resolveUrl(m[1])
      })
      child.once('exit', (code) => reject(new Error(`relay process exited (${code}) before it was ready`)))
    }),
  )
  const http = url.replace(/^ws:/, 'http:')
  return {
    url,
    stats: async () => (await (await fetch(`${http}/health`)).json()) as RelayStats,
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN)

async function main() {
  const relay = values['in-process'] ? await relayInProcess() : await relayInChild()
  const clients: RelayClient[] = []
  try {
    const connectStart = now()
    // Connect in small waves: 200 simultaneous handshakes plus Ed25519 signing is a burst, not load.
    for (let i = 0; i < CLIENTS; i += 50) {
      const wave = await withDeadline(
        'connect',
        Promise.all(
          Array.from({ length: Math.min(50, CLIENTS - i) }, () =>
            connectRelayClient(relay.url, {
              projectId: 'portico-bench',
              ua: 'portico-bench',
              timeoutMs: 30_000,
            }),
          ),
        ),
      )
      clients.push(...wave)
    }
    await withDeadline(
      'subscribe',
      Promise.all(clients.map((c, i) => c.request('irn_subscribe', { topic: topicOf(i) }))),
    )
    const connectMs = now() - connectStart

    const expected = CLIENTS * ROUNDS
    const latencies: number[] = []
    const seen = new Set<string>()
    let duplicates = 0
    let misrouted = 0
    let lastDelivery = 0
    let allDelivered: () => void = () => {}
    const done = new Promise<void>((r) => {
      allDelivered = r
    })
    clients.forEach((c, i) => {
      c.onDelivery((d) => {
        const [from, round, sentAt] = d.message.split(':')
        if (d.topic !== topicOf(i) || Number(from) !== (i + CLIENTS - 1) % CLIENTS) misrouted++
        const key = `${from}:${round}`
        if (seen.has(key)) {
          duplicates++
          return
        }
        seen.add(key)
        const t = now()
        latencies.push(t - Number(sentAt))
        lastDelivery = t
        if (seen.size === expected) allDelivered()
      })
    })

    const start = now()
    // Every client publishes its rounds one after another (waiting for the relay's answer), all
    // clients at once: up to CLIENTS publishes in flight.
    await withDeadline(
      'publish',
      Promise.all(
        clients.map(async (c, i) => {
          const peerTopic = topicOf((i + 1) % CLIENTS)
          for (let round = 0; round < ROUNDS; round++) {
            await c.request('irn_publish', {
              topic: peerTopic,
              message: `${i}:${round}:${now()}`,
              ttl: 300,
              tag: 1108,
              prompt: false,
            })
          }
        }),
      ),
    )
    const publishedAt = now()
    await withDeadline('delivery', done).catch(() => {})
    // Wait a moment for duplicates that would arrive late.
    await new Promise((r) => setTimeout(r, 200))
    const end = seen.size > 0 ? lastDelivery : now()

    latencies.sort((a, b) => a - b)
    const seconds = (end - start) / 1000
    const stats = await relay.stats()
    const result = {
      clients: CLIENTS,
      rounds: ROUNDS,
      relay: values['in-process'] ? 'in-process' : 'child process',
      connectAndSubscribeMs: Math.round(connectMs),
      published: expected,
      delivered: seen.size,
      lost: expected - seen.size,
      duplicates,
      misrouted,
      seconds: Number(seconds.toFixed(3)),
      publishSeconds: Number(((publishedAt - start) / 1000).toFixed(3)),
      deliveredPerSecond: Math.round(seen.size / seconds),
      latencyMs: {
        p50: Number(quantile(latencies, 0.5).toFixed(2)),
        p99: Number(quantile(latencies, 0.99).toFixed(2)),
        max: Number((latencies.at(-1) ?? Number.NaN).toFixed(2)),
      },
      relayStats: {
        delivered: stats.delivered,
        acked: stats.acked,
        rpcErrors: stats.rpcErrors,
        authFailures: stats.authFailures,
      },
    }
    console.log(
      [
        `relay throughput (${result.relay}): ${CLIENTS} clients x ${ROUNDS} rounds`,
        `  connect+subscribe   ${result.connectAndSubscribeMs} ms`,
        `  delivered           ${result.delivered}/${expected} in ${result.seconds} s = ${result.deliveredPerSecond} msg/s`,
        `  lost                ${result.lost} (duplicates ${duplicates}, misrouted ${misrouted})`,
        `  latency             p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
        `  relay side          delivered ${stats.delivered}, acked ${stats.acked}, rpc errors ${stats.rpcErrors}`,
      ].join('\n'),
    )
    console.log(JSON.stringify(result))
    if (result.lost !== 0 || duplicates !== 0 || misrouted !== 0) process.exitCode = 1
  } finally {
    await Promise.all(clients.map((c) => c.close()))
    await relay.close()
  }
}

await main()
