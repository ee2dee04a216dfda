/**
 * Blockchain API (services/api) under load, and its history indexer's catch-up speed.
 *
 *   npx tsx bench/api-load.ts [--connections 100] [--duration 20] [--blocks 10000] [--every 20]
 *                             [--skip-load] [--skip-indexer]
 *
 * 1. Load: a devnet (both EVM chains, fixtures) and the API in its own process (services/api CLI on a
 *    free port, SQLite in a temp dir, rate limit lifted), then autocannon with --connections for
 *    --duration seconds on GET /v1/account/{address}/balance (live chain reads) and on
 *    GET /v1/account/{address}/history (indexed, from the database). Prints req/s, p50, p99 and
 *    errors; exits 1 if any request failed or answered other than 2xx.
 * 2. Indexer: a fresh anvil with the fixtures, --blocks blocks (anvil_mine) with a transfer in every
 *    --every-th one (ETH and PTT alternately), then the API in-process from an empty database: time
 *    until the index reaches the head, in blocks per second.
 * Everything listens on 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startApi } from '@portico/api'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { ApiHealthResponse, BalanceResponse, HistoryResponse } from '@portico/shared-types'
import autocannon from 'autocannon'
import { createWalletClient, defineChain, erc20Abi, type Hex, http, parseEther, parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'services', 'api')
const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    blocks: { type: 'string', default: '10000' },
    every: { type: 'string', default: '20' },
    'skip-load': { type: 'boolean', default: false },
    'skip-indexer': { type: 'boolean', default: false },
  },
})
const CONNECTIONS = positive('connections', values.connections)
const DURATION = positive('duration', values.duration)
const BLOCKS = positive('blocks', values.blocks)
const EVERY = positive('every', values.every)
const PROJECT = 'portico-bench'

function positive(name: string, v: string | undefined): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer`)
    process.exit(2)
  }
  return n
}

const log = (line: string) => console.error(`› ${line}`)
const cleanups: (() => Promise<void> | void)[] = []
async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {})
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-api-bench-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function startDevnetForBench(chains: number[]): Promise<Devnet> {
  const devnet = await startDevnet({
    chains: chains.map((chainId) => ({ chainId, port: 0 })),
    fixtures: true,
    solana: false,
  })
  cleanups.push(() => devnet.stop())
  return devnet
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

async function waitIndexed(
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
async function startApiProcess(env: Record<string, string>): Promise<string> {
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

interface LoadRow {
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

async function load(name: string, url: string): Promise<LoadRow> {
  log(`${name}: ${CONNECTIONS} connections for ${DURATION} s`)
  const reasons = new Map<string, number>()
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (err, res) =>
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

async function loadBench(): Promise<LoadRow[]> {
  log('starting a devnet (31337, 31338, fixtures)')
  const devnet = await startDevnetForBench([31337, 31338])
  const dir = tempDir()
  const apiUrl = await startApiProcess({
    PORTICO_API_HOST: '127.0.0.1',
    PORTICO_API_PORT: '0',
    PORTICO_CHAINS: devnet.chains.map((c) => `${c.chainId}=${c.rpcUrl}`).join(','),
    PORTICO_API_SQLITE_FILE: join(dir, 'api.sqlite'),
    PORTICO_PROJECT_IDS: PROJECT,
    PORTICO_RATE_LIMIT: '1000000000',
    PORTICO_RATE_BURST: '1000000000',
    PORTICO_API_LOG_LEVEL: 'warn',
  })
  log(`API on ${apiUrl}`)
  const heads = Object.fromEntries(
    await Promise.all(
      devnet.chains.map(async (c) => [c.chainId, Number(await rpc(c.rpcUrl, 'eth_blockNumber'))]),
    ),
  )
  await waitIndexed(apiUrl, heads, 60_000)
  const holder = devnet.accounts[1]?.address ?? ''
  const balanceUrl = `${apiUrl}/v1/account/${holder}/balance?projectId=${PROJECT}&currency=usd&st=bench&sv=1`
  const historyUrl = `${apiUrl}/v1/account/${holder}/history?projectId=${PROJECT}&st=bench&sv=1`
  // What one response holds, so the numbers below are about real work.
  const balances = (await (await fetch(balanceUrl)).json()) as BalanceResponse
  const history = (await (await fetch(historyUrl)).json()) as HistoryResponse
  log(
    `one balance answer: ${balances.balances.length} balances over 2 chains; one history page: ${history.data.length} transactions`,
  )
  return [
    await load('GET /v1/account/{address}/balance', balanceUrl),
    await load('GET /v1/account/{address}/history', historyUrl),
  ]
}

interface CatchUp {
  blocks: number
  transfers: number
  mineSeconds: number
  seconds: number
}

async function indexerBench(): Promise<CatchUp> {
  log('starting a fresh anvil (31337, fixtures)')
  const devnet = await startDevnetForBench([31337])
  const chain = devnet.chains[0]
  const sender = devnet.accounts[1]
  const ptt = devnet.fixtures?.[31337]?.tokens.PTT
  if (!chain || !sender || !ptt) throw new Error('devnet without chain, account or PTT')
  const walletChain = defineChain({
    id: 31337,
    name: 'bench',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const wallet = createWalletClient({
    chain: walletChain,
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(sender.privateKey),
  })
  const receivers = devnet.accounts.slice(2).map((a) => a.address)
  let nonce = Number(await rpc(chain.rpcUrl, 'eth_getTransactionCount', [sender.address, 'latest']))
  const fees = { maxFeePerGas: parseGwei('100'), maxPriorityFeePerGas: parseGwei('1') }
  const t0 = performance.now()
  let transfers = 0
  let height = Number(await rpc(chain.rpcUrl, 'eth_blockNumber'))
  const target = height + BLOCKS
  log(`mining ${BLOCKS} blocks, a transfer every ${EVERY}`)
  while (height < target) {
    const to = receivers[transfers % receivers.length] as Hex
    if (transfers % 2 === 0)
      await wallet.sendTransaction({ to, value: parseEther('0.001'), gas: 21_000n, nonce: nonce++, ...fees })
    else
      await wallet.writeContract({
        address: ptt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, 10n ** 18n],
        gas: 100_000n,
        nonce: nonce++,
        ...fees,
      })
    transfers++
    const empty = Math.min(EVERY - 1, target - height - 1)
    if (empty > 0) await rpc(chain.rpcUrl, 'anvil_mine', [`0x${empty.toString(16)}`])
    height = Number(await rpc(chain.rpcUrl, 'eth_blockNumber'))
    if (transfers % 100 === 0) log(`  ${height} blocks`)
  }
  const mineSeconds = (performance.now() - t0) / 1000
  const dir = tempDir()
  const started = performance.now()
  const api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: chain.rpcUrl }],
    database: { kind: 'sqlite', file: join(dir, 'api.sqlite') },
    fixtures: devnet.fixtures ?? {},
    logLevel: 'warn',
    indexer: { pollMs: 20 },
  })
  cleanups.push(() => api.close())
  await waitIndexed(api.url, { 31337: height }, 30 * 60_000)
  const seconds = (performance.now() - started) / 1000
  return { blocks: height + 1, transfers, mineSeconds, seconds }
}

function table(rows: LoadRow[]): string {
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

let failed = false
try {
  if (!values['skip-load']) {
    const rows = await loadBench()
    await cleanup()
    console.log(`\nAPI load: autocannon, ${CONNECTIONS} connections, ${DURATION} s each, 127.0.0.1\n`)
    console.log(table(rows))
    failed = rows.some((r) => r.errors > 0 || r.timeouts > 0 || r.non2xx > 0)
    if (failed) console.log('\nFAILED: some requests errored or answered other than 2xx')
  }
  if (!values['skip-indexer']) {
    const r = await indexerBench()
    await cleanup()
    console.log(
      `\nIndexer catch-up: ${r.blocks} blocks (${r.transfers} with a transfer) indexed from an empty SQLite ` +
        `database in ${r.seconds.toFixed(1)} s = ${(r.blocks / r.seconds).toFixed(0)} blocks/s ` +
        `(mining them took ${r.mineSeconds.toFixed(0)} s)`,
    )
  }
} catch (err) {
  failed = true
  console.error(err)
} finally {
  await cleanup()
}
console.log(
  `\nMachine: ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
process.exit(failed ? 1 : 0)
