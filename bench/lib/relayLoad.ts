/**
 * Pieces of the relay benches (relay-throughput.ts, relay-cluster.ts): a relay in its own process,
 * authenticated clients connected in waves, and the ring load (each client publishes to the next
 * client's topic) with delivered messages per second, losses and p50/p99 latency. Loopback only;
 * every wait is bounded by a deadline.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { connectRelayClient, type RelayClient, type RelayStats } from '@portico/relay'

export function positive(name: string, v: string | undefined): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer`)
    process.exit(2)
  }
  return n
}

export const now = (): number => performance.timeOrigin + performance.now()

export const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN)

export async function withDeadline<T>(deadline: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: past the --timeout deadline`)),
      Math.max(0, deadline - Date.now()),
    )
  })
  try {
    return await Promise.race([p, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export interface RelayUnderTest {
  url: string
  /** The relay's process id, when it runs in its own process. */
  pid?: number
  stats(): Promise<RelayStats>
  close(): Promise<void>
}

/** Resident memory of a process, bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(m?.[1] ?? 0) * 1024
}

/** services/relay/src/cli.ts in its own process on a free port; `env` adds to the defaults. */
export async function relayInChild(
  deadline: number,
  env: Record<string, string> = {},
): Promise<RelayUnderTest> {
  const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../../services/relay/src/cli.ts')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli], {
    env: {
      ...process.env,
      PORTICO_RELAY_PORT: '0',
      PORTICO_RELAY_DATA: 'memory',
      PORTICO_RELAY_LOG: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await withDeadline(
    deadline,
    'relay start',
    new Promise<string>((resolveUrl, reject) => {
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const m = /relay ready at (ws:\/\/[^\s"]+)/.exec(out)
        if (m?.[1]) resolveUrl(m[1])
      })
      child.once('exit', (code) => reject(new Error(`relay process exited (${code}) before it was ready`)))
    }),
  )
  const http = url.replace(/^ws:/, 'http:')
  return {
    url,
    ...(child.pid !== undefined && { pid: child.pid }),
    stats: async () => (await (await fetch(`${http}/health`)).json()) as RelayStats,
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

/** `count` clients, client i on urls[i % urls.length], connected in waves of 50. */
export async function connectClients(
  urls: string[],
  count: number,
  deadline: number,
): Promise<RelayClient[]> {
  const clients: RelayClient[] = []
  try {
    // Small waves: hundreds of simultaneous handshakes plus Ed25519 signing is a burst, not load.
    for (let i = 0; i < count; i += 50) {
      const wave = await withDeadline(
        deadline,
        'connect',
        Promise.all(
          Array.from({ length: Math.min(50, count - i) }, (_, j) =>
            connectRelayClient(urls[(i + j) % urls.length] ?? '', {
              projectId: 'portico-bench',
              ua: 'portico-bench',
              timeoutMs: 30_000,
            }),
          ),
        ),
      )
      clients.push(...wave)
    }
  } catch (error) {
    await Promise.all(clients.map((c) => c.close()))
    throw error
  }
  return clients
}

export interface RingResult {
  clients: number
  rounds: number
  published: number
  delivered: number
  lost: number
  duplicates: number
  misrouted: number
  /** Time to subscribe every client (before the clock of the load starts). */
  subscribeMs: number
  seconds: number
  publishSeconds: number
  deliveredPerSecond: number
  latencyMs: { p50: number; p99: number; max: number }
}

/**
 * Subscribes client i to its own topic, then every client publishes `rounds` messages (one after
 * another, waiting for the relay's answer) to the next client's topic, all clients at once.
 * Resolves when every message arrived or the deadline passed.
 */
export async function runRing(clients: RelayClient[], rounds: number, deadline: number): Promise<RingResult> {
  const n = clients.length
  const salt = `${process.pid}-${Math.random()}`
  const topicOf = (i: number) => createHash('sha256').update(`bench-topic-${salt}-${i}`).digest('hex')
  const subscribeStart = now()
  await withDeadline(
    deadline,
    'subscribe',
    Promise.all(clients.map((c, i) => c.request('irn_subscribe', { topic: topicOf(i) }))),
  )
  const subscribeMs = Math.round(now() - subscribeStart)
  const expected = n * rounds
  const latencies: number[] = []
  const seen = new Set<string>()
  let duplicates = 0
  let misrouted = 0
  let lastDelivery = 0
  let allDelivered: () => void = () => {}
  const done = new Promise<void>((r) => {
    allDelivered = r
  })
  const offs = clients.map((c, i) =>
    c.onDelivery((d) => {
      const [from, round, sentAt] = d.message.split(':')
      if (d.topic !== topicOf(i) || Number(from) !== (i + n - 1) % n) misrouted++
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
    }),
  )
  const start = now()
  await withDeadline(
    deadline,
    'publish',
    Promise.all(
      clients.map(async (c, i) => {
        const peerTopic = topicOf((i + 1) % n)
        for (let round = 0; round < rounds; round++) {
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
  await withDeadline(deadline, 'delivery', done).catch(() => {})
  // Wait a moment for duplicates that would arrive late.
  await new Promise((r) => setTimeout(r, 200))
  for (const off of offs) off()
  const end = seen.size > 0 ? lastDelivery : now()
  latencies.sort((a, b) => a - b)
  const seconds = (end - start) / 1000
  return {
    clients: n,
    rounds,
    published: expected,
    delivered: seen.size,
    lost: expected - seen.size,
    duplicates,
    misrouted,
    subscribeMs,
    seconds: Number(seconds.toFixed(3)),
    publishSeconds: Number(((publishedAt - start) / 1000).toFixed(3)),
    deliveredPerSecond: Math.round(seen.size / seconds),
    latencyMs: {
      p50: Number(quantile(latencies, 0.5).toFixed(2)),
      p99: Number(quantile(latencies, 0.99).toFixed(2)),
      max: Number((latencies.at(-1) ?? Number.NaN).toFixed(2)),
    },
  }
}
