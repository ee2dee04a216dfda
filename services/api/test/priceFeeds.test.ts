import { DEV_ACCOUNTS, type Devnet, deployPriceFeeds, priceFeedAddresses } from '@portico/devnet'
import type { BalanceResponse, FungiblePriceResponse } from '@portico/shared-types/api'
import { parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, NATIVE_ADDRESS, startApi } from '../src/index.ts'
import { parsePriceFeeds } from '../src/prices/options.ts'
import { chainClients, getJson, PROJECT, postJson, startEvmDevnet, tempDir } from './helpers.ts'

/** FixturePriceFeed (services/devnet): anyone may post a round. */
const feedAbi = parseAbi([
  'function updateAnswer(int256 answer)',
  'function updateRoundData(uint80 roundId, int256 answer, uint256 updatedAt, uint256 startedAt, uint80 answeredInRound)',
  'function latestRound() view returns (uint80)',
])
const HEARTBEAT = 3600
const ETH = `eip155:31337:${NATIVE_ADDRESS}`
const poster = DEV_ACCOUNTS[5]?.privateKey ?? ''

let devnet: Devnet
let api: ApiServer
let dir: ReturnType<typeof tempDir>
let feed: `0x${string}`

beforeAll(async () => {
  dir = tempDir('portico-api-price-feeds-')
  devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  const chain = devnet.chains[0]
  if (!chain) throw new Error('no chain')
  feed = (await deployPriceFeeds(chain)).ETH
  expect(feed).toBe(priceFeedAddresses().ETH)
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: chain.rpcUrl }],
    database: { kind: 'sqlite', file: `${dir.dir}/api.sqlite` },
    logLevel: 'silent',
    indexer: { enabled: false },
    cache: { balanceTtlMs: 0 },
    prices: { feeds: parsePriceFeeds(`31337:native=${feed}@${HEARTBEAT}`), cacheMs: 0 },
  })
}, 120_000)

afterAll(async () => {
  await api?.close()
  await devnet?.stop()
  dir?.remove()
})

const ethPrice = async () => {
  const { body } = await postJson<FungiblePriceResponse>(
    `${api.url}/v1/fungible/price?projectId=${PROJECT}`,
    {
      currency: 'usd',
      addresses: [ETH],
    },
  )
  return body.fungibles.find((f) => f.symbol === 'ETH')?.price
}

async function post(functionName: 'updateAnswer' | 'updateRoundData', args: readonly bigint[]) {
  const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
  const { wallet, publicClient } = chainClients(31337, rpcUrl, poster as `0x${string}`)
  if (!wallet) throw new Error('no wallet')
  const hash = await wallet.writeContract({ address: feed, abi: feedAbi, functionName, args } as never)
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return publicClient
}

describe('prices from an on-chain AggregatorV3 feed on anvil', () => {
  it('prices the native token from the feed, in fungible prices and balances', async () => {
    expect(await ethPrice()).toBe(3000)
    await post('updateAnswer', [2_512_34000000n])
    expect(await ethPrice()).toBe(2512.34)
    const holder = DEV_ACCOUNTS[6]?.address
    const { body } = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${holder}/balance?projectId=${PROJECT}&currency=usd&chainId=eip155:31337`,
    )
    const eth = body.balances.find((b) => b.symbol === 'ETH')
    expect(eth?.price).toBe(2512.34)
    expect(eth?.value).toBeCloseTo(Number(eth?.quantity.numeric) * 2512.34, 6)
  })

  it('refuses a stale feed, even where the price table holds a price for the token', async () => {
    await api.repository.setPrice({
      chainId: 31337,
      address: NATIVE_ADDRESS,
      currency: 'usd',
      price: 9999,
      updatedAt: 1,
    })
    const client = await post('updateAnswer', [3000_00000000n])
    expect(await ethPrice()).toBe(3000)
    const round = await client.readContract({ address: feed, abi: feedAbi, functionName: 'latestRound' })
    const old = BigInt(Math.floor(Date.now() / 1000) - HEARTBEAT - 60)
    await post('updateRoundData', [round + 1n, 3000_00000000n, old, old, round + 1n])
    expect(await ethPrice()).toBeUndefined()
    const holder = DEV_ACCOUNTS[6]?.address
    const { body } = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${holder}/balance?projectId=${PROJECT}&currency=usd&chainId=eip155:31337`,
    )
    const eth = body.balances.find((b) => b.symbol === 'ETH')
    expect(eth).toMatchObject({ price: 0 })
    expect(eth).not.toHaveProperty('value')
  })

  it('refuses a zero or negative answer', async () => {
    await post('updateAnswer', [0n])
    expect(await ethPrice()).toBeUndefined()
    await post('updateAnswer', [-3000_00000000n])
    expect(await ethPrice()).toBeUndefined()
    await post('updateAnswer', [3000_00000000n])
    expect(await ethPrice()).toBe(3000)
  })
})
