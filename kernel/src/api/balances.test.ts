// @vitest-environment node
import type { CaipNetworkId, TokenBalance } from '@portico/shared-types'
import { describe, expect, it, vi } from 'vitest'
import { createBalanceFetcher } from './balances.ts'

const token = (symbol: string, decimals: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  price: 1,
  quantity: { decimals, numeric: '1' },
  iconUrl: '',
})

function setup(
  fetchBalances: (address: string, network: CaipNetworkId) => Promise<TokenBalance[]>,
  cached?: { balances: TokenBalance[]; ageMs: number },
) {
  let time = 1_000_000
  const api = {
    fetchBalances: vi.fn(fetchBalances),
    cachedBalances: vi.fn(() => cached),
    isSupportedNetwork: (id: string | undefined) => id === 'eip155:1',
  }
  const onUnavailable = vi.fn()
  const fetcher = createBalanceFetcher({ api, now: () => time, onUnavailable })
  return { api, fetcher, onUnavailable, advance: (ms: number) => (time += ms) }
}

describe('createBalanceFetcher', () => {
  it('drops 0-decimal items as low quality', async () => {
    const { fetcher, onUnavailable } = setup(async () => [
      token('ETH', '18'),
      token('JUNK', '0'),
      token('USDC', '6'),
    ])
    const balances = await fetcher.fetch('0x1', 'eip155:1')
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC'])
    expect(onUnavailable).not.toHaveBeenCalled()
  })

  it('gives the cached answer with its age, filtered like a fetch, without calling', () => {
    const cached = { balances: [token('ETH', '18'), token('JUNK', '0')], ageMs: 12_000 }
    const { fetcher, api } = setup(async () => [], cached)
    expect(fetcher.cached('0x1', 'eip155:1')).toEqual({ value: [token('ETH', '18')], ageMs: 12_000 })
    expect(api.cachedBalances).toHaveBeenCalledWith('0x1', 'eip155:1')
    expect(api.fetchBalances).not.toHaveBeenCalled()
  })

  it('passes forceUpdate through', async () => {
    const { fetcher, api } = setup(async () => [])
    await fetcher.fetch('0x1', 'eip155:1', { forceUpdate: true })
    expect(api.fetchBalances).toHaveBeenCalledWith('0x1', 'eip155:1', { forceUpdate: true })
  })

  it('on failure stores the retry time, reports unavailable and blocks calls for 30 s', async () => {
    const failure = new Error('down')
    const { fetcher, api, onUnavailable, advance } = setup(async () => {
      throw failure
    })
    await expect(fetcher.fetch('0x1', 'eip155:1')).resolves.toEqual([])
    expect(onUnavailable).toHaveBeenCalledWith(failure)
    expect(fetcher.lastRetry()).toBe(1_000_000)

    advance(29_999)
    await expect(fetcher.fetch('0x1', 'eip155:1')).resolves.toEqual([])
    expect(api.fetchBalances).toHaveBeenCalledTimes(1)
    expect(onUnavailable).toHaveBeenCalledTimes(1)

    advance(1)
    api.fetchBalances.mockResolvedValueOnce([token('ETH', '18')])
    await expect(fetcher.fetch('0x1', 'eip155:1')).resolves.toHaveLength(1)
    expect(api.fetchBalances).toHaveBeenCalledTimes(2)
    expect(fetcher.lastRetry()).toBeUndefined()
  })

  it('reports unavailable on an unsupported network without calling', async () => {
    const { fetcher, api, onUnavailable } = setup(async () => [])
    await expect(fetcher.fetch('0x1', 'eip155:31337')).resolves.toEqual([])
    expect(api.fetchBalances).not.toHaveBeenCalled()
    expect(onUnavailable).toHaveBeenCalledTimes(1)
    expect(fetcher.lastRetry()).toBeUndefined()
  })
})
