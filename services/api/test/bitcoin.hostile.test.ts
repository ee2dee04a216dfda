import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_NETWORK_ID } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_NODE_ANSWER_BYTES } from '../src/bitcoin/node.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, PROJECT, postJson, tempDir } from './helpers.ts'

/** A "node" whose next answer the test chooses. */
let answer: { status: number; body: string } = { status: 200, body: '[]' }
let fakeNode: Server
let api: ApiServer
let dir: ReturnType<typeof tempDir>
const account = `${BITCOIN_NETWORK_ID}:${BITCOIN_DEV_ACCOUNTS[0]?.address}`

beforeAll(async () => {
  dir = tempDir('portico-api-btc-hostile-')
  fakeNode = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => fakeNode.listen(0, '127.0.0.1', resolve))
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    logLevel: 'silent',
    bitcoin: {
      networkId: BITCOIN_NETWORK_ID,
      url: `http://127.0.0.1:${(fakeNode.address() as AddressInfo).port}`,
    },
  })
})
afterAll(async () => {
  await api?.close()
  await new Promise((resolve) => fakeNode?.close(resolve))
  dir?.remove()
})

const coin = (value: unknown) => ({
  hash: 'ab'.repeat(32),
  index: 0,
  value,
  height: 1,
  script: `0014${'00'.repeat(20)}`,
})

describe('a Bitcoin node answering nonsense', () => {
  const cases: [string, string][] = [
    ['not JSON', '<html>'],
    ['an object instead of a list', '{"coins":[]}'],
    ['a negative coin value', JSON.stringify([coin(-1)])],
    ['a fractional coin value', JSON.stringify([coin(0.5)])],
    ['more than all bitcoin', JSON.stringify([coin(21e14 + 1)])],
    ['a value as a string', JSON.stringify([coin('100')])],
    ['an oversized answer', JSON.stringify([coin(1)]).padEnd(MAX_NODE_ANSWER_BYTES + 10, ' ')],
  ]
  for (const [what, body] of cases) {
    it(`balance: ${what} is a 502, never a number`, async () => {
      answer = { status: 200, body }
      const res = await getJson<{ message: string }>(
        `${api.url}/v1/account/${account}/balance?projectId=${PROJECT}`,
      )
      expect(res.status).toBe(502)
      expect(res.body.message).toMatch(/bitcoin node/)
    })
  }

  it('history: a transaction without outputs list is a 502', async () => {
    answer = { status: 200, body: JSON.stringify([{ hash: 'ab'.repeat(32), height: 1, inputs: [] }]) }
    const res = await getJson(`${api.url}/v1/account/${account}/history?projectId=${PROJECT}`)
    expect(res.status).toBe(502)
  })

  it('a node error status is a 502; a well-formed answer is a balance', async () => {
    answer = { status: 500, body: '{"error":{"message":"boom"}}' }
    expect((await getJson(`${api.url}/v1/account/${account}/balance?projectId=${PROJECT}`)).status).toBe(502)
    answer = { status: 200, body: JSON.stringify([coin(150_000_000), { ...coin(1), index: 1 }]) }
    const res = await getJson<{ balances: { quantity: { numeric: string } }[] }>(
      `${api.url}/v1/account/${account}/balance?projectId=${PROJECT}`,
    )
    expect(res.body.balances[0]?.quantity.numeric).toBe('1.50000001')
  })

  it('a coin listed twice (the node connecting a block while answering) is counted and spent once', async () => {
    const change = coin(849_999_718)
    answer = { status: 200, body: JSON.stringify([change, change, { ...change, index: 1, value: 5 }]) }
    const balance = await getJson<{ balances: { quantity: { numeric: string } }[] }>(
      `${api.url}/v1/account/${account}/balance?projectId=${PROJECT}`,
    )
    expect(balance.body.balances[0]?.quantity.numeric).toBe('8.49999723')
    const utxos = await getJson<{ utxos: { txid: string; vout: number }[] }>(
      `${api.url}/v1/bip122/utxos/${account}?projectId=${PROJECT}`,
    )
    expect(utxos.body.utxos.map((u) => u.vout)).toEqual([0, 1])
  })

  it('fee rate: no estimate or a nonsense one falls back to the floor; a malformed answer is a 502', async () => {
    const url = `${api.url}/v1/bip122/fee-rate?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`
    for (const fee of [-1, 5, 0]) {
      answer = { status: 200, body: JSON.stringify({ result: { fee, blocks: 2 }, error: null }) }
      expect((await getJson<{ satPerVbyte: number }>(url)).body.satPerVbyte).toBe(2)
    }
    answer = { status: 200, body: JSON.stringify({ result: { fee: 0.0001 }, error: null }) }
    expect((await getJson<{ satPerVbyte: number }>(url)).body.satPerVbyte).toBe(10)
    answer = { status: 200, body: JSON.stringify({ result: 'cheap', error: null }) }
    expect((await getJson(url)).status).toBe(502)
  })

  it('broadcast: a node that claims success but does not hold the transaction is refused', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ result: { txid: 'cd'.repeat(32) }, error: null, success: true }),
    }
    const res = await postJson<{ message: string }>(
      `${api.url}/v1/bip122/transactions?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`,
      { hex: '00'.repeat(60) },
    )
    // getrawtransaction answers an object, not the raw hex: the node does not hold it.
    expect(res.status).toBe(502)
    expect(res.body.message).toBe('The node refused the transaction')
  })
})
