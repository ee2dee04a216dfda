// @vitest-environment node

import type { KernelState, ModalOptions, TokenBalance } from '@portico/shared-types'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { describe, expect, it, vi } from 'vitest'
import type { KernelActions } from '../actions.ts'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createRequestPipeline } from '../requests/pipeline.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createTokenBalances } from './tokenBalances.ts'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = '0x1111111111111111111111111111111111111111'
const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}

/** An EIP-1193 wallet with or without asset discovery, recording the methods it was asked. */
function wallet(discovery: boolean) {
  const asked: string[] = []
  return {
    asked,
    provider: {
      async request({ method }: { method: string }): Promise<unknown> {
        asked.push(method)
        if (method === 'wallet_getCapabilities')
          return discovery ? { '0x7a69': { assetDiscovery: { supported: true } } } : {}
        if (method === 'wallet_getAssets')
          return {
            '0x7a69': [
              {
                address: 'native',
                balance: '0x29a2241af62c0000',
                type: 'native',
                metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              },
              {
                address: USDC,
                balance: '0x6acfc0',
                type: 'erc20',
                metadata: { name: 'Test USD Coin', symbol: 'USDC', decimals: 6 },
              },
              {
                address: USDC,
                balance: '0x1',
                type: 'erc20',
                metadata: { name: 'X', symbol: 'X', decimals: 300 },
              },
            ],
          }
        throw new Error(`unexpected ${method}`)
      },
    },
  }
}

function setup(discovery: boolean) {
  const options: ModalOptions = { projectId: 'p', networks: [network] }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const { asked, provider } = wallet(discovery)
  const fetchBalances = vi.fn(
    async (): Promise<TokenBalance[]> => [
      {
        name: 'From API',
        symbol: 'API',
        chainId: 'eip155:31337',
        price: 1,
        quantity: { decimals: '6', numeric: '1' },
        iconUrl: '',
      },
    ],
  )
  const api = {
    fetchBalances,
    cachedBalances: () => undefined,
    isSupportedNetwork: () => true,
    whenReady: async () => {},
  } as unknown as BlockchainApiClient
  const kernel = {
    store,
    bus: createEventBus(),
    log: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    cleanups: [],
    providers: new Map([['injected-test', provider]]),
    api,
  } as unknown as Kernel
  const actions = {
    open: vi.fn(),
    close: vi.fn(),
    push: vi.fn(),
    replace: vi.fn(),
    goBack: vi.fn(),
    toast: { error: vi.fn() },
  }
  createRequestPipeline(kernel, actions as unknown as KernelActions)
  store.update((draft) => {
    draft.connectors = [{ id: 'injected-test', type: 'INJECTED', name: 'Test', chain: 'eip155' }]
    const account = draft.accounts.eip155
    const slice = draft.networks.byNamespace.eip155
    if (!account || !slice) return
    account.status = 'connected'
    account.address = A
    account.connectorId = 'injected-test'
    slice.caipNetwork = network
  })
  return { kernel, asked, fetchBalances, account: () => store.get().accounts.eip155 }
}

describe('token balances from the wallet (behaviour §7 Wallet assets)', () => {
  it('with assetDiscovery: the Tokens list is the wallet’s, malformed items dropped, no balance-service call', async () => {
    const { kernel, asked, fetchBalances, account } = setup(true)
    const balances = createTokenBalances(kernel, { error: vi.fn() })
    await balances.refresh()
    expect(account()?.tokenBalance.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
      ['ETH', '3'],
      ['USDC', '7'],
    ])
    expect(fetchBalances).not.toHaveBeenCalled()
    await balances.refresh({ force: true })
    // The capability is asked once per account and network; the assets on every refresh.
    expect(asked).toEqual(['wallet_getCapabilities', 'wallet_getAssets', 'wallet_getAssets'])
  })

  it('without it: the balance service', async () => {
    const { kernel, asked, fetchBalances, account } = setup(false)
    await createTokenBalances(kernel, { error: vi.fn() }).refresh()
    expect(fetchBalances).toHaveBeenCalledTimes(1)
    expect(account()?.tokenBalance.map((t) => t.symbol)).toEqual(['API'])
    expect(asked).toEqual(['wallet_getCapabilities'])
  })
})
