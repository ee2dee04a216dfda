/**
 * Pieces of the API benches (api-load.ts, api-nodes.ts): cleanups, a devnet, the API CLI in its own
 * process, waiting for the indexer, and an autocannon run summarised as a table row. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { ApiHealthResponse } from '@portico/shared-types/api'
import autocannon from 'autocannon'

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'services', 'api')

export const log = (line: string) => console.error(`› ${line}`)
export const cleanups: (() => Promise<void> | void)[] = []
export async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {})
}

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-api-bench-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export async function startDevnetForBench(chains: number[]): Promise<Devnet> {
  const devnet = await startDevnet({
    chains: chains.map((chainId) => ({ chainId, port: 0 })),
    fixtures: true,
    solana: false,
  })
  cleanups.push(() => devnet.stop())
  return devnet
}

export async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

export async function waitIndexed(
  apiUrl: string,
  targets: Record<number, number>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const res = await fetch(`${apiUrl}/health`).catch(() => null)
    const health = res?.ok ? ((await res.json()) as ApiHealthResponse) : null
    const done = Object.entries(targets).every(
      ([id, block]) =>
        (health?.chains.find((c) => c.chainId === `eip155:${id}`)?.indexedBlock ?? -1) >= block,
    )
    if (done) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`not indexed to ${JSON.stringify(targets)} within ${timeoutMs} ms`)
}

/** The API CLI in its own process, so the API and autocannon each get a core. */
export async function startApiProcess(env: Record<string, string>): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(
    () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  )
  let output = ''
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${output}`)), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /portico api on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`API exited with ${code}:\n${output}`)))
  })
}

export interface LoadRow {
  name: string
  rps: number
  p50: number
  p99: number
  max: number
  requests: number
  /** Connection errors plus timeouts (autocannon's 10 s per request). */
  errors: number
  timeouts: number
  non2xx: number
}

/**
 * autocannon on `url` (or on several URLs, connections spread over them: several API nodes) with
 * `connections` for `duration` seconds.
 */
export async function load(
  name: string,
  url: string | string[],
  connections: number,
  duration: number,
): Promise<LoadRow> {
  log(`${name}: ${connections} connections for ${duration} s`)
  const reasons = new Map<string, number>()
  const result = await new Promise<autocannon.Result>((done, fail) => {
    // autocannon takes a list of URLs (its types say one): connections are spread over them.
    const instance = autocannon({ url: url as string, connections, duration }, (err, res) =>
      err ? fail(err) : done(res),
    )
    instance.on('reqError', (err: Error & { code?: string }) => {
      const key = err.code ?? err.message
      reasons.set(key, (reasons.get(key) ?? 0) + 1)
    })
  })
  if (reasons.size > 0) log(`${name}: request errors ${JSON.stringify(Object.fromEntries(reasons))}`)
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }
}

export function table(rows: LoadRow[]): string {
  const head = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'requests',
    'errors',
    'timeouts',
    'non-2xx',
  ]
  const lines = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.max),
    String(r.requests),
    String(r.errors),
    String(r.timeouts),
    String(r.non2xx),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  return [fmt(head), ...lines.map(fmt)].join('\n')
}
