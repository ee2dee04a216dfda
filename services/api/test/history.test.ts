import type { Devnet } from '@portico/devnet'
import type { TransactionHistoryItem } from '@portico/shared-types'
import type { ApiErrorBody, HistoryResponse } from '@portico/shared-types/api'
import { type Address, type Hex, pad, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import {
  blockNumber,
  chainClients,
  getJson,
  PROJECT,
  sendEth,
  startApiOverDevnet,
  TRANSFER_TOPIC,
  waitIndexed,
} from './helpers.ts'

const PAGE = 5

let devnet: Devnet
let api: ApiServer
let stack: Awaited<ReturnType<typeof startApiOverDevnet>>

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-history-', { historyPageSize: PAGE, pollMs: 50 })
  ;({ devnet, api } = stack)
  await waitIndexed(api.url, {
    31337: await blockNumber(rpc(31337)),
    31338: await blockNumber(rpc(31338)),
  })
})

afterAll(() => stack?.stop())

const rpc = (chainId: number) => devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl ?? ''
const account = (i: number) => {
  const a = devnet.accounts[i]
  if (!a) throw new Error(`no account ${i}`)
  return a
}

/** Every page of an account's history, following `next`. */
async function allPages(
  address: string,
  extra = '',
): Promise<{ items: TransactionHistoryItem[]; pages: number }> {
  const items: TransactionHistoryItem[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const url: string = `${api.url}/v1/account/${address}/history?projectId=${PROJECT}${extra}${cursor ? `&cursor=${cursor}` : ''}`
    const { status, body } = await getJson<HistoryResponse>(url)
    expect(status).toBe(200)
    expect(body.data.length).toBeLessThanOrEqual(PAGE)
    items.push(...body.data)
    cursor = body.next
    pages++
  } while (cursor !== null && pages < 100)
  return { items, pages }
}

/** Straight from the chain: transactions moving value or tokens from or to the account, oldest first. */
async function chainTruth(chainId: number, address: Address): Promise<Hex[]> {
  const { publicClient } = chainClients(chainId, rpc(chainId))
  const head = await publicClient.getBlockNumber()
  const topic = pad(address.toLowerCase() as Hex)
  const range = { fromBlock: '0x0' as Hex, toBlock: `0x${head.toString(16)}` as Hex }
  const [sent, received] = await Promise.all(
    [
      [TRANSFER_TOPIC, topic],
      [TRANSFER_TOPIC, null, topic],
    ].map(
      (topics) =>
        publicClient.request({
          method: 'eth_getLogs',
          params: [{ ...range, topics: topics as Hex[] }],
        }) as Promise<{ transactionHash: Hex; blockNumber: Hex; transactionIndex: Hex }[]>,
    ),
  )
  const found = new Map<Hex, [number, number]>()
  for (const log of [...(sent ?? []), ...(received ?? [])])
    found.set(log.transactionHash, [Number(log.blockNumber), Number(log.transactionIndex)])
  for (let n = 0n; n <= head; n++) {
    const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions)
      if (
        tx.value > 0n &&
        (tx.from.toLowerCase() === address.toLowerCase() || tx.to?.toLowerCase() === address.toLowerCase())
      )
        found.set(tx.hash, [Number(n), tx.transactionIndex])
  }
  return [...found.entries()].sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1]).map(([hash]) => hash)
}

describe('GET /v1/account/{account}/history', () => {
  it('pages through exactly the chain’s transactions of the account, newest first, each once', async () => {
    for (const i of [0, 1, 2]) {
      const address = account(i).address
      const { items, pages } = await allPages(address, '&chainId=eip155:31337')
      const expected = (await chainTruth(31337, address)).reverse()
      expect(expected.length).toBeGreaterThan(0)
      expect(items.map((t) => t.metadata.hash)).toEqual(expected)
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / PAGE)))
      expect(
        items.every((t) => t.metadata.chain === 'eip155:31337' && t.id === `eip155:31337:${t.metadata.hash}`),
      ).toBe(true)
    }
  })

  it('merges both chains by time when no chainId is given', async () => {
    const address = account(1).address
    const { items } = await allPages(address)
    const a = await chainTruth(31337, address)
    const b = await chainTruth(31338, address)
    expect(items).toHaveLength(a.length + b.length)
    expect(new Set(items.map((t) => t.id)).size).toBe(items.length)
    const times = items.map((t) => Date.parse(t.metadata.minedAt))
    expect([...times].sort((x, y) => y - x)).toEqual(times)
  })

  it('describes the seeded transfers: amounts, decimals, directions, spam', async () => {
    const address = account(1).address
    const { items } = await allPages(address, '&chainId=31337')
    const transfers = items.flatMap((t) =>
      t.transfers.map((x) => ({ ...x, op: t.metadata.operationType, status: t.metadata.status })),
    )
    const fungible = (symbol: string, numeric: string, direction: string) =>
      transfers.find(
        (t) =>
          t.fungible_info?.symbol === symbol && t.quantity.numeric === numeric && t.direction === direction,
      )
    expect(fungible('ETH', '1.5', 'in')).toMatchObject({
      quantity: { decimals: '18' },
      price: 3000,
      value: 4500,
      op: 'receive',
    })
    expect(fungible('PTT', '250', 'in')).toMatchObject({
      fungible_info: { name: 'Portico Test Token' },
      quantity: { decimals: '18' },
      price: 1.25,
    })
    expect(fungible('USDC', '125.5', 'in')).toMatchObject({ quantity: { decimals: '6' } })
    expect(fungible('ETH', '0.25', 'out')).toMatchObject({ op: 'send', status: 'confirmed' })
    expect(fungible('USDC', '20', 'out')).toBeDefined()
    expect(fungible('JUNK', '100', 'in')).toMatchObject({ quantity: { decimals: '0' }, op: 'mint' })
    const nft = transfers.filter((t) => t.nft_info)
    expect(nft).toHaveLength(1)
    expect(nft[0]).toMatchObject({
      direction: 'in',
      nft_info: { flags: { is_spam: true } },
      quantity: { numeric: '1' },
    })
  })

  it('shows a new transfer within moments, on top', async () => {
    const to = account(1).address
    const hash = await sendEth(rpc(31338), 31338, account(3).privateKey, to, parseEther('0.125'))
    await waitIndexed(api.url, { 31338: await blockNumber(rpc(31338)) }, 2_000)
    const { body } = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${to.toLowerCase()}/history?projectId=${PROJECT}&chainId=eip155:31338`,
    )
    expect(body.data[0]?.metadata).toMatchObject({
      hash,
      sentFrom: account(3).address,
      sentTo: to,
      chain: 'eip155:31338',
    })
    expect(body.data[0]?.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { decimals: '18', numeric: '0.125' } }),
    ])
  })

  it('answers an empty page for accounts without history, other namespaces and on-ramp requests', async () => {
    const nobody = '0x000000000000000000000000000000000000dEaD'
    for (const extra of ['', '&chainId=eip155:1', '&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      const r = await getJson<HistoryResponse>(
        `${api.url}/v1/account/${nobody}/history?projectId=${PROJECT}${extra}`,
      )
      expect(r).toMatchObject({ status: 200, body: { data: [], next: null } })
    }
    const onramp = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${account(1).address}/history?projectId=${PROJECT}&onramp=coinbase`,
    )
    expect(onramp.body).toEqual({ data: [], next: null })
  })

  it('refuses a cursor that is not one of ours', async () => {
    const r = await getJson<ApiErrorBody>(
      `${api.url}/v1/account/${account(1).address}/history?projectId=${PROJECT}&cursor=%27%3B--`,
    )
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(/Invalid cursor/)
  })
})
