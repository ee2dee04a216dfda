import { DEV_ACCOUNTS, type Devnet, dataJsonUri, deployNftFixtures } from '@portico/devnet'
import type { ApiErrorBody } from '@portico/shared-types/api'
import { type Address, type Hex, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import type { NftItem, NftPage } from '../src/nft/service.ts'
import { NFT_PAGE_SIZE } from '../src/routes/nfts.ts'
import { blockNumber, chainClients, getJson, PROJECT, startApiOverDevnet, waitIndexed } from './helpers.ts'

const CHAIN = 31337
const PNG = 'data:image/png;base64,iVBORw0KGgo='
const collectibleAbi = parseAbi([
  'function mint(address to, string tokenUri) returns (uint256)',
  'function transferFrom(address from, address to, uint256 id)',
])
const multiAbi = parseAbi([
  'function mint(address to, uint256 id, uint256 amount, string tokenUri)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
])

let devnet: Devnet
let api: ApiServer
let stack: Awaited<ReturnType<typeof startApiOverDevnet>>

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-nfts-', { pollMs: 50 })
  ;({ devnet, api } = stack)
}, 120_000)

afterAll(() => stack?.stop())

const rpc = () => devnet.chains.find((c) => c.chainId === CHAIN)?.rpcUrl ?? ''

async function fundedKey(): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey()
  const { address } = privateKeyToAccount(key)
  const { publicClient } = chainClients(CHAIN, rpc())
  await publicClient.request({ method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] } as never)
  return { key, address }
}

async function nftsOf(address: string, cursor?: string) {
  const url = `${api.url}/v1/account/${address}/nfts?projectId=${PROJECT}&chainId=eip155:${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`
  return getJson<NftPage & ApiErrorBody>(url)
}

describe('GET /v1/account/{address}/nfts', () => {
  it('lists held ERC-721 and ERC-1155 tokens with data: metadata, spam flagged, paged', async () => {
    const fixtures = await deployNftFixtures({ chainId: CHAIN, rpcUrl: rpc() })
    const me = await fundedKey()
    const other = await fundedKey()
    const { publicClient, wallet } = chainClients(CHAIN, rpc(), me.key)
    if (!wallet) throw new Error('no wallet')
    const send = async (hash: Promise<Hex>) => publicClient.waitForTransactionReceipt({ hash: await hash })
    const mint = (uri: string) =>
      send(
        wallet.writeContract({
          address: fixtures.collectible,
          abi: collectibleAbi,
          functionName: 'mint',
          args: [me.address, uri],
        }),
      )
    await mint(dataJsonUri({ name: 'Blue Heron', image: PNG }))
    await mint(dataJsonUri({ name: 'Tracker', image: 'https://tracker.example/p.png' }))
    await mint('https://evil.example/meta.json')
    for (let i = 0; i < NFT_PAGE_SIZE; i++) await mint(dataJsonUri({ name: `Filler ${i}` }))
    // Sent away: no longer held.
    const receipt = await mint(dataJsonUri({ name: 'Given away' }))
    // The Transfer log (the ERC-4906 MetadataUpdate log after it has no topics but its signature).
    const givenId = BigInt(receipt.logs[0]?.topics[3] ?? '0x')
    await send(
      wallet.writeContract({
        address: fixtures.collectible,
        abi: collectibleAbi,
        functionName: 'transferFrom',
        args: [me.address, other.address, givenId],
      }),
    )
    for (const [id, amount] of [
      [5n, 4n],
      [6n, 2n],
    ] as const)
      await send(
        wallet.writeContract({
          address: fixtures.multiToken,
          abi: multiAbi,
          functionName: 'mint',
          args: [me.address, id, amount, dataJsonUri({ name: 'Edition {id}', image: PNG })],
        }),
      )
    // ERC-1155 TransferBatch: 1 of id 5 and both of id 6 leave.
    await send(
      wallet.writeContract({
        address: fixtures.multiToken,
        abi: multiAbi,
        functionName: 'safeBatchTransferFrom',
        args: [me.address, other.address, [5n, 6n], [1n, 2n], '0x'],
      }),
    )
    // The devnet's spam NFT, minted by its deployer (account 0, a minter).
    const spamAddress = devnet.fixtures?.[CHAIN]?.spamNft
    if (!spamAddress) throw new Error('no spam NFT fixture')
    const spammer = chainClients(CHAIN, rpc(), DEV_ACCOUNTS[0]?.privateKey).wallet
    await send(
      spammer?.writeContract({
        address: spamAddress,
        abi: parseAbi(['function mint(address to)']),
        functionName: 'mint',
        args: [me.address],
      }) ?? Promise.reject(new Error('no spammer')),
    )
    await waitIndexed(api.url, { [CHAIN]: await blockNumber(rpc()) })

    const items: NftItem[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const { status, body } = await nftsOf(me.address, cursor)
      expect(status).toBe(200)
      expect(body.data.length).toBeLessThanOrEqual(NFT_PAGE_SIZE)
      items.push(...body.data)
      cursor = body.next ?? undefined
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(2)
    expect(items).toHaveLength(3 + NFT_PAGE_SIZE + 2)
    const byName = (name: string) => items.find((item) => item.name === name)
    expect(byName('Blue Heron')).toMatchObject({
      standard: 'ERC721',
      contract: fixtures.collectible,
      amount: '1',
      image: PNG,
      isSpam: false,
      collection: { name: 'Portico Collectibles', symbol: 'PCOL' },
    })
    expect(byName('Tracker')?.image).toBeNull()
    expect(byName('Given away')).toBeUndefined()
    const edition = items.find((item) => item.standard === 'ERC1155')
    expect(edition).toMatchObject({ tokenId: '5', amount: '3', name: 'Edition {id}', image: PNG })
    expect(items.filter((item) => item.standard === 'ERC1155')).toHaveLength(1)
    const remote = items.find((item) => item.name === 'Portico Collectibles #2')
    expect(remote).toMatchObject({ image: null, isSpam: false })
    const spam = items.filter((item) => item.isSpam)
    expect(spam).toHaveLength(1)
    expect(spam[0]?.collection.name).toBe('Free Airdrop NFT')

    const { body: theirs } = await nftsOf(other.address)
    expect(theirs.data.map((item) => [item.name, item.tokenId, item.amount])).toEqual([
      ['Given away', '15', '1'],
      ['Edition {id}', '5', '1'],
      ['Edition {id}', '6', '2'],
    ])
  }, 120_000)

  it('an account with no NFTs gets an empty page', async () => {
    const { status, body } = await nftsOf(privateKeyToAccount(generatePrivateKey()).address)
    expect(status).toBe(200)
    expect(body).toEqual({ data: [], next: null })
  })

  it('refuses a bad address, chain or cursor with a clear 400', async () => {
    const me = privateKeyToAccount(generatePrivateKey()).address
    const bad = async (url: string, message: RegExp) => {
      const { status, body } = await getJson<ApiErrorBody>(url)
      expect(status).toBe(400)
      expect(JSON.stringify(body)).toMatch(message)
    }
    await bad(
      `${api.url}/v1/account/0x123/nfts?projectId=${PROJECT}&chainId=eip155:${CHAIN}`,
      /Invalid address/,
    )
    await bad(`${api.url}/v1/account/${me}/nfts?projectId=${PROJECT}&chainId=eip155:999`, /not a network/)
    await bad(`${api.url}/v1/account/${me}/nfts?projectId=${PROJECT}`, /chainId is required/)
    await bad(
      `${api.url}/v1/account/${me}/nfts?projectId=${PROJECT}&chainId=eip155:${CHAIN}&cursor=abc`,
      /Invalid cursor/,
    )
  })
})
