import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Devnet } from '@portico/devnet'
import type {
  ApiErrorBody,
  BalanceResponse,
  FungiblePriceResponse,
  HistoryResponse,
} from '@portico/shared-types/api'
import { type Abi, type Address, getAddress, type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import {
  blockNumber,
  chainClients,
  getJson,
  PROJECT,
  postJson,
  startApiOverDevnet,
  tempDir,
  waitIndexed,
} from './helpers.ts'
import { startCountingProxy } from './rpcProxy.ts'

// OpenZeppelin's preset ERC-20: anyone can deploy one with any name and symbol.
const require = createRequire(import.meta.url)
const preset = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as {
  abi: Abi
  bytecode: Hex
}

let stack: Awaited<ReturnType<typeof startApiOverDevnet>>
let devnet: Devnet
let api: ApiServer
let spoof: Address
const victim = privateKeyToAccount(generatePrivateKey()).address
const q = `projectId=${PROJECT}`

async function deploySpoofEth(rpcUrl: string, attackerKey: Hex): Promise<Address> {
  const { wallet, publicClient } = chainClients(31337, rpcUrl, attackerKey)
  if (!wallet) throw new Error('no wallet')
  const hash = await wallet.deployContract({
    abi: preset.abi,
    bytecode: preset.bytecode,
    args: ['Ether', 'ETH'],
  })
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (!contractAddress) throw new Error('not deployed')
  // The "airdrop": 1000 fake ETH minted to the victim.
  const mint = await wallet.writeContract({
    address: contractAddress,
    abi: preset.abi,
    functionName: 'mint',
    args: [victim, parseEther('1000')],
  })
  await publicClient.waitForTransactionReceipt({ hash: mint, pollingInterval: 20 })
  return getAddress(contractAddress)
}

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-prices-hostile-', { pollMs: 50 })
  ;({ devnet, api } = stack)
  const rpcUrl = devnet.chains.find((c) => c.chainId === 31337)?.rpcUrl ?? ''
  spoof = await deploySpoofEth(rpcUrl, devnet.accounts[6]?.privateKey ?? '0x')
  await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
})

afterAll(() => stack?.stop())

describe('price spoofing (a token anyone deploys with symbol ETH)', () => {
  it('has no price and no fiat value in balances, while native ETH keeps its price', async () => {
    const { body } = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${victim}/balance?${q}&chainId=eip155:31337&forceUpdate=eip155:31337:${spoof}`,
    )
    const fake = body.balances.find((b) => b.address === `eip155:31337:${spoof}`)
    expect(fake).toMatchObject({ symbol: 'ETH', price: 0, quantity: { numeric: '1000' } })
    expect(fake?.value).toBeUndefined()
    expect(body.balances.find((b) => b.address === undefined)).toMatchObject({ symbol: 'ETH', price: 3000 })
  })

  it('is left out of fungible/price', async () => {
    const { body } = await postJson<FungiblePriceResponse>(`${api.url}/v1/fungible/price?${q}`, {
      currency: 'usd',
      addresses: [`eip155:31337:${spoof}`, 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
    })
    expect(body.fungibles.map((f) => [f.address, f.price])).toEqual([
      ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 3000],
    ])
  })

  it('has no price or value in the victim’s history', async () => {
    const { body } = await getJson<HistoryResponse>(`${api.url}/v1/account/${victim}/history?${q}`)
    const transfer = body.data[0]?.transfers[0]
    expect(transfer?.fungible_info?.symbol).toBe('ETH')
    expect(transfer?.quantity.numeric).toBe('1000')
    expect(transfer?.price).toBeUndefined()
    expect(transfer?.value).toBeUndefined()
  })
})

describe('token-table pollution (random addresses)', () => {
  let proxied: ApiServer
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>
  let dir: ReturnType<typeof tempDir>
  const randomAddresses = (n: number) =>
    Array.from({ length: n }, () => privateKeyToAccount(generatePrivateKey()).address)

  beforeAll(async () => {
    dir = tempDir('portico-api-pollution-')
    proxy = await startCountingProxy(devnet.chains.find((c) => c.chainId === 31337)?.rpcUrl ?? '')
    proxied = await startApi({
      port: 0,
      chains: [{ chainId: 31337, rpcUrl: proxy.url }],
      database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
      fixtures: devnet.fixtures ?? {},
      indexer: { enabled: false },
      logLevel: 'silent',
    })
  })
  afterAll(async () => {
    await proxied?.close()
    await proxy?.close()
    dir?.remove()
  })

  it('fungible/price stores nothing and asks the chain nothing for addresses nobody listed', async () => {
    const addresses = randomAddresses(100)
    proxy.reset()
    const { status, body } = await postJson<FungiblePriceResponse>(`${proxied.url}/v1/fungible/price?${q}`, {
      currency: 'usd',
      addresses: addresses.map((a) => `eip155:31337:${a}`),
    })
    expect(status).toBe(200)
    expect(body.fungibles).toEqual([])
    expect(await proxied.repository.getTokens(31337, addresses)).toEqual([])
    expect(proxy.count('eth_getCode') + proxy.count('eth_call')).toBe(0)
    const tooMany = await postJson<ApiErrorBody>(`${proxied.url}/v1/fungible/price?${q}`, {
      currency: 'usd',
      addresses: randomAddresses(101).map((a) => `eip155:31337:${a}`),
    })
    expect(tooMany.status).toBe(400)
  })

  it('forceUpdate stores no non-contract, bounds chain look-ups per request and caches the answer', async () => {
    const addresses = randomAddresses(50)
    const url = `${proxied.url}/v1/account/${victim}/balance?${q}&forceUpdate=${addresses
      .map((a) => `eip155:31337:${a}`)
      .join(',')}`
    // 20 chain look-ups per request at most; an address answered "no code" is not asked again.
    const perRequest: number[] = []
    for (let i = 0; i < 4; i++) {
      proxy.reset()
      expect((await getJson(url)).status).toBe(200)
      perRequest.push(proxy.count('eth_getCode'))
    }
    expect(perRequest).toEqual([20, 20, 10, 0])
    expect(await proxied.repository.getTokens(31337, addresses)).toEqual([])
    const tooMany = await getJson<ApiErrorBody>(
      `${proxied.url}/v1/account/${victim}/balance?${q}&forceUpdate=${randomAddresses(51)
        .map((a) => `eip155:31337:${a}`)
        .join(',')}`,
    )
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toMatch(/at most 50/)
  })

  it('still learns a real token contract asked for by forceUpdate', async () => {
    const { body } = await getJson<BalanceResponse>(
      `${proxied.url}/v1/account/${victim}/balance?${q}&forceUpdate=eip155:31337:${spoof}`,
    )
    expect(body.balances.find((b) => b.address === `eip155:31337:${spoof}`)?.quantity.numeric).toBe('1000')
    expect(await proxied.repository.getTokens(31337, [spoof])).toHaveLength(1)
  })
})
