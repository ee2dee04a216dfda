/**
 * Balance and history answers kept between requests (src/cache/): the chain is asked once, and a
 * transfer touching the account shows at the next request, whether or not the indexer has seen it yet.
 */
import { join } from 'node:path'
import type { Devnet } from '@portico/devnet'
import type { BalanceResponse, HistoryResponse } from '@portico/shared-types/api'
import { formatEther, type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import {
  blockNumber,
  getJson,
  mineBlocks,
  PROJECT,
  sendEth,
  startEvmDevnet,
  tempDir,
  waitIndexed,
} from './helpers.ts'
import { startCountingProxy } from './rpcProxy.ts'

let devnet: Devnet
let api: ApiServer
let proxy: Awaited<ReturnType<typeof startCountingProxy>>
let dir: ReturnType<typeof tempDir>
let rpcUrl: string
let sender: Hex
const account = privateKeyToAccount(generatePrivateKey()).address
const other = privateKeyToAccount(generatePrivateKey()).address
const q = `projectId=${PROJECT}&chainId=eip155:31337`

const ethOf = async (address: string) => {
  const { status, body } = await getJson<BalanceResponse>(`${api.url}/v1/account/${address}/balance?${q}`)
  expect(status).toBe(200)
  return body.balances.find((b) => b.address === undefined)?.quantity.numeric
}
const historyOf = async (address: string) =>
  (await getJson<HistoryResponse>(`${api.url}/v1/account/${address}/history?${q}`)).body.data

beforeAll(async () => {
  dir = tempDir('portico-api-answer-cache-')
  devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: true })
  rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
  sender = devnet.accounts[7]?.privateKey ?? '0x'
  proxy = await startCountingProxy(rpcUrl)
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: proxy.url }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    fixtures: devnet.fixtures ?? {},
    logLevel: 'silent',
    indexer: { pollMs: 20 },
  })
  await sendEth(rpcUrl, 31337, sender, account, parseEther('1'))
  await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
})

afterAll(async () => {
  await api?.close()
  await proxy?.close()
  await devnet?.stop()
  dir?.remove()
})

describe('balance answers', () => {
  it('a second read at the same head asks the chain for no balance', async () => {
    expect(await ethOf(account)).toBe('1')
    proxy.reset()
    expect(await ethOf(account)).toBe('1')
    expect(proxy.count('eth_getBalance')).toBe(0)
    expect(proxy.count('eth_blockNumber')).toBeGreaterThan(0)
  })

  it('a transfer to the account shows at the next read, right after its receipt', async () => {
    expect(await ethOf(account)).toBe('1')
    await sendEth(rpcUrl, 31337, sender, account, parseEther('0.5'))
    expect(await ethOf(account)).toBe('1.5')
  })

  it('the sender’s balance (value and gas) is read again after its send', async () => {
    const from = privateKeyToAccount(sender).address
    const before = Number(await ethOf(from))
    await sendEth(rpcUrl, 31337, sender, other, parseEther('2'))
    const after = Number(await ethOf(from))
    expect(before - after).toBeGreaterThan(2)
  })

  it('blocks the indexer saw that do not touch the account keep its answer; one that does drops it', async () => {
    await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
    const kept = await ethOf(account)
    await mineBlocks(rpcUrl, 3)
    await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
    proxy.reset()
    expect(await ethOf(account)).toBe(kept)
    expect(proxy.count('eth_getBalance')).toBe(0)
    // Sent straight to the chain while the indexer polls: either path must see it.
    await sendEth(rpcUrl, 31337, sender, account, parseEther('0.25'))
    await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
    expect(await ethOf(account)).toBe(formatEther(parseEther(kept ?? '0') + parseEther('0.25')))
  })
})

describe('history answers', () => {
  it('a page is kept until the indexer stores a block touching the account', async () => {
    const first = await historyOf(account)
    expect(await historyOf(account)).toEqual(first)
    const hash = await sendEth(rpcUrl, 31337, sender, account, parseEther('0.1'))
    await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
    const next = await historyOf(account)
    expect(next).toHaveLength(first.length + 1)
    expect(next[0]?.metadata.hash).toBe(hash.toLowerCase())
  })
})
