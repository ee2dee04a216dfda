/**
 * Quote latency of POST /v1/onramp/quote on this machine: 200 sequential calls (one client), then
 * autocannon with 10 connections for 5 s. ETH is priced from the price table, so no chain is needed.
 *   npx tsx services/api/scripts/onramp-quote-bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startApi } from '../src/index.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-onramp-bench-'))
const api = await startApi({
  port: 0,
  chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
  database: { kind: 'sqlite', file: join(dir, 'api.sqlite') },
  indexer: { enabled: false },
  logLevel: 'silent',
  rateLimit: { perSecond: 1e6, burst: 1e6 },
  projectRateLimit: { perSecond: 1e6, burst: 1e6 },
})
const url = `${api.url}/v1/onramp/quote?projectId=portico-dev`
const body = JSON.stringify({
  purchaseCurrency: 'eth',
  paymentCurrency: 'USD',
  amount: '100.00',
  network: 'eip155:31337',
  provider: 'portico-pay',
})
try {
  const times: number[] = []
  for (let i = 0; i < 220; i++) {
    const t0 = performance.now()
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    await res.json()
    if (res.status !== 200) throw new Error(`quote answered ${res.status}`)
    if (i >= 20) times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2)
  console.log(`sequential (200 after 20 warm-up): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`)
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 10,
    duration: 5,
  })
  console.log(
    `autocannon 10 connections 5 s: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  )
} finally {
  await api.close()
  rmSync(dir, { recursive: true, force: true })
}
