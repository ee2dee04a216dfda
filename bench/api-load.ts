/**
 * Blockchain API (services/api) under load, and its history indexer's catch-up speed.
 *
 *   npx tsx bench/api-load.ts [--connections 100] [--duration 20] [--blocks 10000] [--every 20]
 *                             [--skip-load] [--skip-indexer]
 *
 * 1. Load: a devnet (both EVM chains, fixtures) and the API in its own process (services/api CLI on a
 *    free port, SQLite in a temp dir, rate limit lifted), then autocannon with --connections for
 *    --duration seconds on GET /v1/account/{address}/balance (kept per account and chain head: each
 *    request checks the head with one eth_blockNumber shared by the requests of the moment) and on
 *    GET /v1/account/{address}/history (indexed, kept until the indexer sees the account again).
 *    Prints req/s, p50, p99 and errors; exits 1 if any request failed or answered other than 2xx.
 *    Budget: p99 ≤ 100 ms for both at 100 connections.
 * 2. Indexer: a fresh anvil with the fixtures, --blocks blocks (anvil_mine) with a transfer in every
 *    --every-th one (ETH and PTT alternately), then the API in-process from an empty database: time
 *    until the index reaches the head, in blocks per second.
 * Everything listens on 127.0.0.1 only.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startApi } from '@portico/api'
import type { BalanceResponse, HistoryResponse } from '@portico/shared-types/api'
import { createWalletClient, defineChain, erc20Abi, type Hex, http, parseEther, parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  cleanup,
  cleanups,
  type LoadRow,
  load as loadWith,
  log,
  rpc,
  startApiProcess,
  startDevnetForBench,
  table,
  tempDir,
  waitIndexed,
} from './lib/apiLoad.ts'

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

const load = (name: string, url: string) => loadWith(name, url, CONNECTIONS, DURATION)

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
    PORTICO_PROJECT_RATE_LIMIT: '1000000000',
    PORTICO_PROJECT_RATE_BURST: '1000000000',
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
