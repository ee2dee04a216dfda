import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { TransactionHistoryItem } from '@portico/shared-types'
import type { HistoryResponse } from '@portico/shared-types/api'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ActivityTab } from './ActivityTab.tsx'
import { relativeTime, transferText, visibleTransactions } from './history.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NOW = Date.parse('2025-06-01T12:00:00Z')

function item(
  id: string,
  transfers: TransactionHistoryItem['transfers'],
  { chain = 'eip155:31337', operationType = 'send', minedAt = '2025-06-01T11:59:00Z' } = {},
): TransactionHistoryItem {
  return {
    id,
    metadata: {
      operationType,
      hash: `0x${id}`,
      minedAt,
      sentFrom: ADDRESS,
      sentTo: ADDRESS,
      status: 'confirmed',
      nonce: 0,
      chain: chain as `eip155:${string}`,
    },
    transfers,
  }
}
const eth = (numeric: string, direction: 'in' | 'out' | 'self' = 'out') => ({
  fungible_info: { name: 'Ether', symbol: 'ETH' },
  direction,
  quantity: { decimals: '18', numeric },
})
const nft = (spam: boolean) => ({
  nft_info: { name: spam ? 'Free Airdrop NFT #0' : 'Art #1', flags: { is_spam: spam } },
  direction: 'in' as const,
  quantity: { decimals: '0', numeric: '1' },
})

afterEach(cleanup)

describe('history rules', () => {
  it('hides transactions whose transfers are all spam NFTs and other chains’ transactions (behaviour §5)', () => {
    const items = [
      item('a', [eth('1')]),
      item('spam', [nft(true)]),
      item('mixed', [nft(true), eth('2', 'in')]),
      item('art', [nft(false)]),
      item('other', [eth('3')], { chain: 'eip155:31338' }),
      item('call', []),
    ]
    expect(visibleTransactions(items, 'eip155:31337').map((entry) => entry.id)).toEqual([
      'a',
      'mixed',
      'art',
      'call',
    ])
  })

  it('labels ages with the behaviour §9 units', () => {
    const ago = (seconds: number) => relativeTime(new Date(NOW - seconds * 1000).toISOString(), NOW)
    expect(ago(0)).toBe('0 sec')
    expect(ago(59)).toBe('59 sec')
    expect(ago(60)).toBe('1 min')
    expect(ago(3_599)).toBe('59 min')
    expect(ago(3_600)).toBe('1 hr')
    expect(ago(86_400 * 2)).toBe('2 d')
    expect(ago(86_400 * 45)).toBe('1 mo')
    expect(ago(86_400 * 800)).toBe('2 yr')
    expect(relativeTime('not a date', NOW)).toBe('0 sec')
  })

  it('shows direction, amount with 3 decimals and symbol', () => {
    const format = (value: string | undefined) => (Math.floor(Number(value) * 1000) / 1000).toFixed(3)
    expect(transferText(eth('1.23456', 'out'), format)).toBe('-1.234 ETH')
    expect(transferText(eth('0.5', 'in'), format)).toBe('+0.500 ETH')
    expect(transferText(eth('2', 'self'), format)).toBe('2.000 ETH')
    expect(transferText(nft(false), format)).toBe('+Art #1')
  })
})

function api(pages: (HistoryResponse | Error)[]) {
  const fetchHistory = vi.fn(async () => {
    const next = pages.shift()
    if (!next || next instanceof Error) throw next ?? new Error('no more pages')
    return next
  })
  return { fetchHistory } as unknown as BlockchainApiClient & { fetchHistory: typeof fetchHistory }
}

describe('Activity tab', () => {
  it('asks for an account first', () => {
    const state = connectedState(ADDRESS, { status: 'disconnected' })
    const { ctx } = fakeContext(state)
    render(<ActivityTab ctx={ctx} />)
    expect(screen.getByText(/Connect a wallet to see its activity/)).toBeTruthy()
  })

  it('loads, lists the connected chain’s transactions and pages with Load more', async () => {
    const service = api([
      { data: [item('a', [eth('1.5')]), item('spam', [nft(true)])], next: 'c1' },
      { data: [item('b', [eth('0.25', 'in')], { operationType: 'receive' })], next: null },
    ])
    const { ctx } = fakeContext(connectedState(ADDRESS), { services: { api: service } })
    render(<ActivityTab ctx={ctx} />)
    expect(screen.getByRole('progressbar', { name: 'Loading transactions' })).toBeTruthy()
    await screen.findByRole('listitem', { name: /^Sent, -1\.500 ETH, \d+ \w+ ago$/ })
    expect(service.fetchHistory).toHaveBeenCalledWith(
      expect.objectContaining({ account: ADDRESS, chainId: 'eip155:31337', cursor: undefined }),
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByRole('listitem', { name: /^Received, \+0\.250 ETH, / })
    expect(service.fetchHistory).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'c1' }))
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('reads on past pages that only hold hidden transactions', async () => {
    const service = api([
      { data: [item('spam', [nft(true)])], next: 'c1' },
      { data: [item('a', [eth('1')])], next: null },
    ])
    const { ctx } = fakeContext(connectedState(ADDRESS), { services: { api: service } })
    render(<ActivityTab ctx={ctx} />)
    await screen.findByRole('listitem', { name: /^Sent, -1\.000 ETH/ })
    expect(service.fetchHistory).toHaveBeenCalledTimes(2)
  })

  it('on failure: the toast Failed to fetch transactions and an empty list (behaviour §4, §8)', async () => {
    const service = api([new Error('HTTP 500')])
    const { ctx } = fakeContext(connectedState(ADDRESS), { services: { api: service } })
    render(<ActivityTab ctx={ctx} />)
    await screen.findByText(/No activity yet/)
    expect(ctx.toast.error).toHaveBeenCalledWith('Failed to fetch transactions')
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })

  it('reads the first page again when the balance moves (after a send), once a second until the indexer has the transaction', async () => {
    const service = api([
      { data: [item('a', [eth('1')])], next: null },
      { data: [item('a', [eth('1')])], next: null },
      { data: [item('b', [eth('2')]), item('a', [eth('1')])], next: null },
    ])
    const { ctx, kernel } = fakeContext(connectedState(ADDRESS), { services: { api: service } })
    render(<ActivityTab ctx={ctx} />)
    await screen.findByRole('listitem', { name: /^Sent, -1\.000 ETH/ })
    act(() =>
      kernel.update((draft) => {
        const account = draft.accounts.eip155
        if (account) account.balance = '0.5'
      }),
    )
    await screen.findByRole('listitem', { name: /^Sent, -2\.000 ETH/ }, { timeout: 3_000 })
    expect(service.fetchHistory).toHaveBeenCalledTimes(3)
  })
})
