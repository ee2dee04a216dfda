/**
 * Transaction preview latency at the blockchain API: POST /v1/preview, sequential, on the devnet.
 *
 *   npx tsx bench/simulate.ts [--requests 100]
 *
 * Starts a devnet chain (31337 with its fixtures: USDC, the Uniswap-V2 DEX) on the bench's chain A port
 * and the API in this process on a free port and a fresh SQLite file, then sends --requests previews of
 * each kind, interleaved: a batch moving ETH and USDC, an unlimited USDC approval, a swap of ETH for
 * USDC through the router (several contracts, many logs), and a Permit2 PermitSingle (typed data: no
 * simulation, token metadata only). One warm-up request per kind is left out (first token look-ups).
 * Time is from the request sent to the answer read, in this process. Budget (the preview shown before
 * signing): p95 ≤ 150 ms over all kinds. Everything listens on 127.0.0.1 only.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startApi } from '@portico/api'
import { startDevnet } from '@portico/devnet'
import type { PreviewRequest, PreviewResponse } from '@portico/shared-types/api'
import { encodeFunctionData, erc20Abi, maxUint160, maxUint256, parseEther } from 'viem'
import { swapCall } from '../services/api/src/routes/convert.ts'
import { permitSingle } from '../services/api/test/fixtures/permit2.ts'
import { BENCH_PORTS } from './lib/ports.ts'

const { values } = parseArgs({ options: { requests: { type: 'string', default: '100' } } })
const REQUESTS = Math.max(1, Number(values.requests) || 100)
const BUDGET_P95_MS = 150
const PROJECT = 'portico-dev'
const CHAIN_ID = 31337
const log = (line: string) => console.error(`› ${line}`)

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

function row(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = samples.reduce((sum, x) => sum + x, 0) / Math.max(samples.length, 1)
  return `${name.padEnd(44)} p50 ${percentile(sorted, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(sorted, 0.95).toFixed(1).padStart(6)} ms  mean ${mean.toFixed(1).padStart(6)} ms  (n=${samples.length})`
}

const dir = mkdtempSync(join(tmpdir(), 'portico-simulate-bench-'))
const devnet = await startDevnet({
  chains: [{ chainId: CHAIN_ID, port: BENCH_PORTS.chainA }],
  fixtures: true,
  solana: false,
})
const api = await startApi({
  port: 0,
  chains: devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
  database: { kind: 'sqlite', file: join(dir, 'api.sqlite') },
  fixtures: devnet.fixtures ?? {},
  logLevel: 'warn',
  // The budget is the preview's own latency, not the rate limiter's.
  rateLimit: { perSecond: 1e9, burst: 1e9 },
  clientIdRateLimit: { perSecond: 1e9, burst: 1e9 },
  projectRateLimit: { perSecond: 1e9, burst: 1e9 },
})
try {
  const fixtures = devnet.fixtures?.[CHAIN_ID]
  const user = devnet.accounts[0]?.address
  if (!fixtures?.dex || !user) throw new Error('the devnet has no DEX fixtures')
  const { USDC: usdc } = fixtures.tokens
  const { router, weth } = fixtures.dex
  const recipient = devnet.accounts[1]?.address ?? user
  const swap = swapCall(true, false, {
    amount: parseEther('1'),
    amountOutMin: 0n,
    path: [weth, usdc],
    to: user,
    deadline: BigInt(Math.floor(Date.now() / 1000) + 3600),
  })
  const kinds: [string, Omit<PreviewRequest, 'chainId'>][] = [
    [
      'batch: ETH + USDC transfer',
      {
        batch: {
          from: user,
          calls: [
            { to: recipient, value: parseEther('0.1').toString() },
            {
              to: usdc,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [recipient, 1_000_000n],
              }),
            },
          ],
        },
      },
    ],
    [
      'transaction: unlimited USDC approval',
      {
        transaction: {
          from: user,
          to: usdc,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
        },
      },
    ],
    [
      'transaction: swap 1 ETH → USDC (router)',
      {
        transaction: {
          from: user,
          to: router,
          data: swap.data,
          value: swap.value.toString(),
        },
      },
    ],
    [
      'typed data: Permit2 PermitSingle',
      {
        typedData: {
          from: user,
          payload: permitSingle({
            chainId: CHAIN_ID,
            token: usdc,
            spender: router,
            amount: maxUint160.toString(),
            expiration: '1900000000',
            sigDeadline: '1800000000',
          }),
        },
      },
    ],
  ]
  const preview = async (body: Omit<PreviewRequest, 'chainId'>): Promise<number> => {
    const start = performance.now()
    const res = await fetch(`${api.url}/v1/preview?projectId=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chainId: `eip155:${CHAIN_ID}`, ...body }),
    })
    const answer = (await res.json()) as PreviewResponse
    const ms = performance.now() - start
    if (
      !res.ok ||
      answer.kind === 'unavailable' ||
      (answer.kind === 'transaction' && answer.status !== 'success')
    )
      throw new Error(`preview failed: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 300)}`)
    return ms
  }
  for (const [, body] of kinds) await preview(body)
  const samples = kinds.map((): number[] => [])
  log(
    `${REQUESTS} previews of each of ${kinds.length} kinds, sequential (load average ${loadavg()[0]?.toFixed(1)})`,
  )
  for (let i = 0; i < REQUESTS; i++)
    for (const [k, [, body]] of kinds.entries()) samples[k]?.push(await preview(body))
  const all = samples.flat()
  const p95 = percentile(
    [...all].sort((a, b) => a - b),
    0.95,
  )
  console.log(kinds.map(([name], k) => row(name, samples[k] ?? [])).join('\n'))
  console.log(row('all kinds', all))
  console.log(
    `budget: p95 ≤ ${BUDGET_P95_MS} ms → ${p95 <= BUDGET_P95_MS ? 'within' : 'OVER'} (${p95.toFixed(1)} ms)`,
  )
  log(`load average after: ${loadavg()[0]?.toFixed(1)}`)
} finally {
  await api.close()
  await devnet.stop()
  rmSync(dir, { recursive: true, force: true })
}
