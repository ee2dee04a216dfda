import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ApiHealthResponse, BalanceResponse, HistoryResponse } from '@portico/shared-types/api'
import Database from 'better-sqlite3'
import { type Hex, parseEther } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { sqliteAddonOptions } from '../src/db/sqliteAddon.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import {
  blockNumber,
  countChainTransfers,
  freePort,
  getJson,
  mineBlocks,
  PROJECT,
  sendEth,
  startEvmDevnet,
  tempDir,
  waitIndexed,
} from './helpers.ts'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

function tracked<T extends { stop?: () => Promise<void>; close?: () => Promise<void> }>(thing: T): T {
  cleanups.push(() => (thing.stop ?? thing.close)?.call(thing))
  return thing
}

function dbRows(file: string): { rows: number; distinct: number; cursor: number | null } {
  const db = new Database(file, { readonly: true, ...sqliteAddonOptions() })
  try {
    const counts = db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT chain_id || ':' || tx_hash || ':' || log_index) AS d FROM transfers",
      )
      .get() as { n: number; d: number }
    const cursor = db.prepare('SELECT block_number AS b FROM chain_cursors WHERE chain_id = 31337').get() as
      | { b: number }
      | undefined
    return { rows: counts.n, distinct: counts.d, cursor: cursor?.b ?? null }
  } finally {
    db.close()
  }
}

/** Runs the real CLI (`npm start`'s entry) as a child process; resolves with its URL once it listens. */
async function startCli(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), 30_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /portico api on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${output}`)))
  })
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  return { url, child }
}

async function health(url: string): Promise<ApiHealthResponse> {
  return (await getJson<ApiHealthResponse>(`${url}/health`)).body
}

describe('history indexer', () => {
  it('resumes after a hard kill in the middle of catching up, with no gap and no duplicate', async () => {
    const devnet = tracked(await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: true }))
    const rpc = devnet.chains[0]?.rpcUrl ?? ''
    const [a, b] = [devnet.accounts[4], devnet.accounts[5]]
    if (!a || !b) throw new Error('accounts')
    for (let i = 0; i < 25; i++) {
      await sendEth(
        rpc,
        31337,
        (i % 2 ? b : a).privateKey,
        (i % 2 ? a : b).address,
        parseEther('0.01') * BigInt(i + 1),
      )
      await mineBlocks(rpc, 40)
    }
    const truth = await countChainTransfers(rpc)
    const dir = tempDir('portico-api-kill-')
    cleanups.push(() => dir.remove())
    const file = join(dir.dir, 'api.sqlite')
    const env = {
      PORTICO_API_PORT: String(await freePort()),
      PORTICO_CHAINS: `31337=${rpc}`,
      PORTICO_API_SQLITE_FILE: file,
      PORTICO_INDEXER_BATCH: '10',
      PORTICO_INDEXER_POLL_MS: '50',
      PORTICO_API_LOG_LEVEL: 'warn',
      PORTICO_TOKENS: '',
      PORTICO_SPAM_CONTRACTS: '',
    }

    const first = await startCli(env)
    let indexed = 0
    while (indexed < truth.head / 4) {
      indexed = (await health(first.url)).chains[0]?.indexedBlock ?? 0
      await new Promise((r) => setTimeout(r, 10))
    }
    first.child.kill('SIGKILL')
    await new Promise((r) => first.child.once('exit', r))
    const atKill = dbRows(file)
    expect(atKill.cursor).toBeGreaterThan(0)
    expect(atKill.cursor).toBeLessThan(truth.head)
    expect(atKill.rows).toBeLessThan(truth.transfers)

    // More traffic while the service is down.
    await sendEth(rpc, 31337, a.privateKey, b.address, parseEther('1'))
    await mineBlocks(rpc, 100)
    const later = await countChainTransfers(rpc)

    const second = await startCli(env)
    await waitIndexed(second.url, { 31337: later.head }, 120_000)
    second.child.kill('SIGTERM')
    await new Promise((r) => second.child.once('exit', r))
    const done = dbRows(file)
    expect(done).toEqual({ rows: later.transfers, distinct: later.transfers, cursor: later.head })
  }, 240_000)

  it('keeps serving when a chain is down, and indexes it once it comes up', async () => {
    const up = tracked(await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }] }))
    const downPort = await freePort()
    const dir = tempDir('portico-api-down-')
    cleanups.push(() => dir.remove())
    const api = tracked(
      await startApi({
        port: 0,
        chains: [
          { chainId: 31337, rpcUrl: up.chains[0]?.rpcUrl ?? '' },
          { chainId: 31338, rpcUrl: `http://127.0.0.1:${downPort}` },
        ],
        database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
        logLevel: 'silent',
        rpcTimeoutMs: 2_000,
        indexer: { pollMs: 50 },
      }),
    )
    const someone = up.accounts[1]?.address ?? ''
    let h = await health(api.url)
    for (let i = 0; i < 50 && h.chains[1]?.indexing !== 'failing'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      h = await health(api.url)
    }
    expect(h.chains[1]).toMatchObject({ chainId: 'eip155:31338', indexedBlock: null, indexing: 'failing' })
    expect(h.chains[0]?.indexing).toBe('ok')

    const q = `projectId=${PROJECT}`
    const down = await getJson<{ message: string }>(
      `${api.url}/v1/account/${someone}/balance?${q}&chainId=eip155:31338`,
    )
    expect(down.status).toBe(502)
    expect(down.body.message).toMatch(/eip155:31338 is unreachable/)
    const partial = await getJson<BalanceResponse>(`${api.url}/v1/account/${someone}/balance?${q}`)
    expect(partial.status).toBe(200)
    expect(partial.body.balances.map((x) => x.chainId)).toEqual(['eip155:31337'])
    const gas = await getJson(`${api.url}/v1/convert/gas-price?${q}&chainId=eip155:31338`)
    expect(gas.status).toBe(502)

    const late = tracked(await startEvmDevnet({ chains: [{ chainId: 31338, port: downPort }] }))
    const lateRpc = late.chains[0]?.rpcUrl ?? ''
    const hash = await sendEth(
      lateRpc,
      31338,
      late.accounts[0]?.privateKey as Hex,
      someone as Hex,
      parseEther('2'),
    )
    // Backoff is at most 10 s.
    await waitIndexed(api.url, { 31338: await blockNumber(lateRpc) }, 20_000)
    expect((await health(api.url)).ok).toBe(true)
    const history = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${someone}/history?${q}&chainId=eip155:31338`,
    )
    expect(history.body.data.map((t) => t.metadata.hash)).toEqual([hash])
  })

  it('forgets a chain that was restarted from scratch and indexes the new one', async () => {
    const port = await freePort()
    const first = await startEvmDevnet({ chains: [{ chainId: 31337, port }], fixtures: true })
    const rpc = first.chains[0]?.rpcUrl ?? ''
    const dir = tempDir('portico-api-reset-')
    cleanups.push(() => dir.remove())
    const api = tracked(
      await startApi({
        port: 0,
        chains: [{ chainId: 31337, rpcUrl: rpc }],
        database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
        logLevel: 'silent',
        indexer: { pollMs: 50 },
        rpcTimeoutMs: 2_000,
      }),
    )
    const holder = first.accounts[1]?.address ?? ''
    const url = `${api.url}/v1/account/${holder}/history?projectId=${PROJECT}`
    await waitIndexed(api.url, { 31337: await blockNumber(rpc) })
    expect((await getJson<HistoryResponse>(url)).body.data.length).toBeGreaterThan(3)
    await first.stop()

    const second = tracked(await startEvmDevnet({ chains: [{ chainId: 31337, port }] }))
    await mineBlocks(rpc, 3)
    const hash = await sendEth(
      rpc,
      31337,
      second.accounts[0]?.privateKey as Hex,
      holder as Hex,
      parseEther('3'),
    )
    const deadline = Date.now() + 20_000
    let hashes: string[] = []
    while (Date.now() < deadline) {
      hashes = (await getJson<HistoryResponse>(url)).body.data.map((t) => t.metadata.hash)
      if (hashes.length === 1 && hashes[0] === hash) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(hashes).toEqual([hash])
  })

  it('rewinds to the last common block after a revert, keeping what survived', async () => {
    const devnet = tracked(await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }] }))
    const rpc = devnet.chains[0]?.rpcUrl ?? ''
    const rpcCall = async (method: string, params: unknown[] = []) =>
      (
        (await (
          await fetch(rpc, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: unknown }
      ).result
    const [a, b, c] = [devnet.accounts[1], devnet.accounts[2], devnet.accounts[3]]
    if (!a || !b || !c) throw new Error('accounts')
    const dir = tempDir('portico-api-revert-')
    cleanups.push(() => dir.remove())
    const api = tracked(
      await startApi({
        port: 0,
        chains: [{ chainId: 31337, rpcUrl: rpc }],
        database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
        logLevel: 'silent',
        indexer: { pollMs: 50 },
      }),
    )
    const kept = await sendEth(rpc, 31337, a.privateKey, b.address, parseEther('1'))
    const snapshot = await rpcCall('evm_snapshot')
    const lost1 = await sendEth(rpc, 31337, a.privateKey, b.address, parseEther('2'))
    await mineBlocks(rpc, 5)
    const lost2 = await sendEth(rpc, 31337, a.privateKey, b.address, parseEther('3'))
    await waitIndexed(api.url, { 31337: await blockNumber(rpc) })
    const url = `${api.url}/v1/account/${b.address}/history?projectId=${PROJECT}`
    expect((await getJson<HistoryResponse>(url)).body.data.map((t) => t.metadata.hash)).toEqual([
      lost2,
      lost1,
      kept,
    ])

    expect(await rpcCall('evm_revert', [snapshot])).toBe(true)
    // The new branch ends higher than the old one, so only block hashes tell them apart.
    await mineBlocks(rpc, 10)
    const fresh = await sendEth(rpc, 31337, c.privateKey, b.address, parseEther('4'))
    const deadline = Date.now() + 15_000
    let hashes: string[] = []
    while (Date.now() < deadline) {
      hashes = (await getJson<HistoryResponse>(url)).body.data.map((t) => t.metadata.hash)
      if (hashes[0] === fresh) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(hashes).toEqual([fresh, kept])
  })

  it('carries on from its cursor after a graceful restart', async () => {
    const devnet = tracked(await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }] }))
    const rpc = devnet.chains[0]?.rpcUrl ?? ''
    const [a, b] = [devnet.accounts[1], devnet.accounts[2]]
    if (!a || !b) throw new Error('accounts')
    const dir = tempDir('portico-api-restart-')
    cleanups.push(() => dir.remove())
    const config = {
      port: 0,
      chains: [{ chainId: 31337, rpcUrl: rpc }],
      database: { kind: 'sqlite' as const, file: join(dir.dir, 'api.sqlite') },
      logLevel: 'silent' as const,
      indexer: { pollMs: 50 },
    }
    let api: ApiServer = await startApi(config)
    const first = await sendEth(rpc, 31337, a.privateKey, b.address, parseEther('1'))
    await waitIndexed(api.url, { 31337: await blockNumber(rpc) })
    await api.close()
    const second = await sendEth(rpc, 31337, a.privateKey, b.address, parseEther('2'))
    api = tracked(await startApi(config))
    await waitIndexed(api.url, { 31337: await blockNumber(rpc) })
    const url = `${api.url}/v1/account/${a.address}/history?projectId=${PROJECT}`
    expect((await getJson<HistoryResponse>(url)).body.data.map((t) => t.metadata.hash)).toEqual([
      second,
      first,
    ])
  })
})
