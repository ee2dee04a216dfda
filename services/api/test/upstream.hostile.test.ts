/**
 * Hostile review 9 and 10: upstreams (the Bitcoin node, a chain's JSON-RPC) that stream an endless
 * answer, trickle it past the timeout, or put secrets in their error text.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_NETWORK_ID } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BitcoinNodeError, createBitcoinNodeClient } from '../src/bitcoin/node.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import { getJson, PROJECT, postJson, tempDir } from './helpers.ts'

const SECRET = 'passphrase=hunter2-0123456789 at /home/operator/.bcoin/wallet.db'
const TIMEOUT_MS = 3000

type Behaviour = 'endless' | 'trickle' | 'secret-rpc-error' | 'secret-http-error'
let behaviour: Behaviour = 'endless'

/** Writes as fast as the socket drains, for ever (chunked: no Content-Length), until the client goes. */
function endless(res: ServerResponse, first: string) {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write(first)
  const chunk = Buffer.from('0,'.repeat(32 * 1024))
  let open = true
  res.on('close', () => {
    open = false
  })
  const pump = () => {
    while (open && res.write(chunk)) {}
    if (open) res.once('drain', pump)
  }
  pump()
}

function trickle(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('[')
  const timer = setInterval(() => res.write(' '), 50)
  res.on('close', () => clearInterval(timer))
}

function serve(req: IncomingMessage, res: ServerResponse, jsonRpc: boolean) {
  req.resume()
  if (behaviour === 'endless') return endless(res, jsonRpc ? '{"jsonrpc":"2.0","id":1,"result":[' : '[')
  if (behaviour === 'trickle') return trickle(res)
  if (behaviour === 'secret-rpc-error') {
    res.writeHead(500, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ result: null, error: { code: -4, message: SECRET }, id: 1 }))
    return
  }
  res.writeHead(500, { 'content-type': 'text/plain' })
  res.end(SECRET)
}

let node: Server
let chain: Server
let api: ApiServer
let dir: ReturnType<typeof tempDir>
let nodeUrl: string
const account = `${BITCOIN_NETWORK_ID}:${BITCOIN_DEV_ACCOUNTS[0]?.address}`

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  dir = tempDir('portico-api-upstream-hostile-')
  node = createServer((req, res) => serve(req, res, false))
  chain = createServer((req, res) => serve(req, res, true))
  nodeUrl = await listen(node)
  const chainUrl = await listen(chain)
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: chainUrl }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    logLevel: 'silent',
    rpcTimeoutMs: TIMEOUT_MS,
    bitcoin: { networkId: BITCOIN_NETWORK_ID, url: nodeUrl },
  })
})
afterAll(async () => {
  await api?.close()
  node?.closeAllConnections()
  chain?.closeAllConnections()
  await new Promise((resolve) => node?.close(resolve))
  await new Promise((resolve) => chain?.close(resolve))
  dir?.remove()
})

/** Runs `work`, sampling RSS and heap; the largest growth over the start, in MB. */
async function growthMb<T>(work: () => Promise<T>): Promise<{ result: T; rssMb: number; heapMb: number }> {
  const start = process.memoryUsage()
  let rss = start.rss
  let heap = start.heapUsed
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    rss = Math.max(rss, now.rss)
    heap = Math.max(heap, now.heapUsed)
  }, 5)
  try {
    const result = await work()
    return { result, rssMb: (rss - start.rss) / 2 ** 20, heapMb: (heap - start.heapUsed) / 2 ** 20 }
  } finally {
    clearInterval(sampler)
  }
}

const balanceUrl = () => `${api.url}/v1/account/${account}/balance?projectId=${PROJECT}`

describe('an upstream streaming an endless answer', () => {
  it('Bitcoin node: three balance calls are 502 at once, and memory stays flat', async () => {
    behaviour = 'endless'
    // Once first, so that loading the routes' code is not counted.
    expect((await getJson(balanceUrl())).status).toBe(502)
    const started = Date.now()
    const { result, rssMb, heapMb } = await growthMb(() =>
      Promise.all([1, 2, 3].map(() => getJson<{ message: string }>(balanceUrl()))),
    )
    for (const res of result) {
      expect(res.status).toBe(502)
      expect(res.body.message).toBe('bitcoin node: answer too large')
    }
    // Cut at the 4 MB cap, not at the timeout.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS)
    // Unbounded, this was gigabytes. RSS also counts the fake node's socket buffers (same process) and
    // the allocator's slack, so it gets more room than the heap.
    expect(heapMb).toBeLessThan(50)
    expect(rssMb).toBeLessThan(80)
  })

  it('a chain’s JSON-RPC: the balance is a 502, memory stays flat', async () => {
    behaviour = 'endless'
    const { result, rssMb } = await growthMb(() =>
      getJson<{ message: string }>(
        `${api.url}/v1/account/0x${'11'.repeat(20)}/balance?projectId=${PROJECT}&chainId=eip155:31337`,
      ),
    )
    expect(result.status).toBe(502)
    expect(rssMb).toBeLessThan(50)
  })
})

describe('an upstream trickling its answer past the timeout', () => {
  it('is a 502 (a timeout is the upstream’s failure), not a 500', async () => {
    behaviour = 'trickle'
    const started = Date.now()
    const res = await getJson<{ message: string }>(balanceUrl())
    expect(res.status).toBe(502)
    expect(res.body.message).toBe('bitcoin node: no answer in time')
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000)
  })
})

describe('an upstream error carrying a secret', () => {
  it('never reaches the answer: the node’s RPC error (fee rate, broadcast)', async () => {
    behaviour = 'secret-rpc-error'
    const fee = await getJson<{ message: string }>(
      `${api.url}/v1/bip122/fee-rate?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`,
    )
    const sent = await postJson<{ message: string }>(
      `${api.url}/v1/bip122/transactions?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`,
      { hex: '00'.repeat(60) },
    )
    for (const res of [fee, sent]) {
      expect(res.status).toBe(502)
      expect(JSON.stringify(res.body)).not.toMatch(/hunter2|passphrase|\/home\//)
    }
    expect(fee.body.message).toBe('bitcoin node: estimatesmartfee failed')
  })

  it('never reaches the answer: a non-JSON error page, and a chain’s error (gas price)', async () => {
    behaviour = 'secret-http-error'
    const balance = await getJson(balanceUrl())
    const gas = await getJson(`${api.url}/v1/convert/gas-price?projectId=${PROJECT}&chainId=eip155:31337`)
    behaviour = 'secret-rpc-error'
    const gasRpc = await getJson(`${api.url}/v1/convert/gas-price?projectId=${PROJECT}&chainId=eip155:31337`)
    for (const res of [balance, gas, gasRpc]) {
      expect(res.status).toBe(502)
      expect(JSON.stringify(res.body)).not.toMatch(/hunter2|passphrase|\/home\//)
    }
  })

  it('is kept for the log: the client error carries it as detail, apart from its message', async () => {
    behaviour = 'secret-rpc-error'
    const client = createBitcoinNodeClient({ networkId: BITCOIN_NETWORK_ID, url: nodeUrl }, TIMEOUT_MS)
    const error = await client.estimateFee(2).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BitcoinNodeError)
    expect((error as BitcoinNodeError).message).not.toContain('hunter2')
    expect((error as BitcoinNodeError).detail).toContain('hunter2')
  })
})
