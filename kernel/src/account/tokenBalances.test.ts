// @vitest-environment node

import type { KernelState, ModalOptions, Network, TokenBalance } from '@portico/shared-types'
import type { IdentityResponse } from '@portico/shared-types/api'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest'
import { connectEip155 } from '../../test/account/connectEip155.ts'
import { BALANCE_FRESH_MS } from '../api/revalidate.ts'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createIdentityLoader } from './identity.ts'
import { createTokenBalances, startAccountData } from './tokenBalances.ts'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const other = { ...network, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Other' }

const token = (symbol: string, decimals: string, numeric = '1'): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  price: 1,
  quantity: { decimals, numeric },
  iconUrl: '',
})

type CachedBalances = { balances: TokenBalance[]; ageMs: number }

function fakeApi(overrides: Partial<BlockchainApiClient> = {}) {
  const fetchBalances = vi.fn(
    async (
      _address: string,
      _network: string,
      _options?: { forceUpdate?: boolean },
    ): Promise<TokenBalance[]> => [token('ETH', '18'), token('USDC', '6'), token('JUNK', '0')],
  )
  return {
    fetchBalances,
    cachedBalances: vi.fn((_address: string, _network: string): CachedBalances | undefined => undefined),
    fetchIdentity: vi.fn(async (): Promise<IdentityResponse> => ({ name: null, avatar: null })),
    fetchHistory: vi.fn(),
    fetchGasPrice: vi.fn(),
    fetchPrices: vi.fn(),
    isSupportedNetwork: (id: string) => id === 'eip155:31337' || id === 'eip155:31338',
    whenReady: vi.fn(async () => {}),
    ...overrides,
  } satisfies Partial<BlockchainApiClient> as BlockchainApiClient & {
    fetchBalances: typeof fetchBalances
    cachedBalances: Mock<BlockchainApiClient['cachedBalances']>
  }
}

function setup(api?: BlockchainApiClient) {
  const options: ModalOptions = { projectId: 'p', networks: [network, other] }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const kernel = {
    store,
    bus: createEventBus(),
    log,
    cleanups: [],
    ...(api ? { api } : {}),
  } as unknown as Kernel
  const toast = { error: vi.fn() }
  const connect = (address: string, net: Network = network) => connectEip155(store, address, net)
  const account = () => store.get().accounts.eip155
  return { kernel, store, toast, log, connect, account }
}

afterEach(() => vi.useRealTimers())

describe('token balances', () => {
  it('lists the connected account’s balances on the active network, 0-decimal items dropped', async () => {
    const api = fakeApi()
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    await createTokenBalances(kernel, toast).refresh()
    expect(api.whenReady).toHaveBeenCalled()
    expect(api.fetchBalances).toHaveBeenCalledWith(A, 'eip155:31337', { forceUpdate: true })
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['ETH', 'USDC'])
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('sets balanceLoading while the read runs and clears it after success and after failure (behaviour §4)', async () => {
    let finish: (list: TokenBalance[]) => void = () => {}
    const api = fakeApi()
    api.fetchBalances.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    const balances = createTokenBalances(kernel, toast)
    const pending = balances.refresh()
    await vi.waitFor(() => expect(api.fetchBalances).toHaveBeenCalled())
    expect(account()?.balanceLoading).toBe(true)
    finish([token('ETH', '18')])
    await pending
    expect(account()?.balanceLoading).toBe(false)
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['ETH'])
    api.fetchBalances.mockRejectedValueOnce(new Error('down'))
    await balances.refresh({ force: true })
    expect(toast.error).toHaveBeenCalled()
    expect(account()?.balanceLoading).toBe(false)
  })

  it('does nothing without an account or without an API', async () => {
    const api = fakeApi()
    const first = setup(api)
    await createTokenBalances(first.kernel, first.toast).refresh()
    expect(api.fetchBalances).not.toHaveBeenCalled()
    const second = setup()
    second.connect(A)
    await createTokenBalances(second.kernel, second.toast).refresh()
    expect(second.account()?.tokenBalance).toEqual([])
  })

  it('on failure: toast, lastRetry, the list kept, then 30 s without calling (behaviour §4)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    let fail = false
    const api = fakeApi({
      fetchBalances: vi.fn(async () => {
        if (fail) throw new Error('HTTP 502')
        return [token('ETH', '18')]
      }),
    })
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    const balances = createTokenBalances(kernel, toast)
    await balances.refresh()
    fail = true
    await balances.refresh({ force: true })
    expect(toast.error).toHaveBeenCalledWith('Token Balance Unavailable')
    expect(account()?.lastRetry).toBeTypeOf('number')
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['ETH'])
    vi.advanceTimersByTime(29_000)
    await balances.refresh({ force: true })
    expect(api.fetchBalances).toHaveBeenCalledTimes(2)
    fail = false
    vi.advanceTimersByTime(1_000)
    await balances.refresh({ force: true })
    expect(api.fetchBalances).toHaveBeenCalledTimes(3)
    expect(account()?.lastRetry).toBeUndefined()
  })

  it('an unsupported network shows the toast (once per account and network) and an empty list', async () => {
    let supported = false
    const api = fakeApi({ isSupportedNetwork: () => supported })
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    const balances = createTokenBalances(kernel, toast)
    await balances.refresh()
    expect(api.fetchBalances).not.toHaveBeenCalled()
    expect(toast.error).toHaveBeenCalledWith('Token Balance Unavailable')
    expect(account()?.tokenBalance).toEqual([])
    await balances.refresh({ force: true })
    expect(toast.error).toHaveBeenCalledTimes(1)
    // The supported-chains list could be read after all (the API came back): balances at once.
    supported = true
    await balances.refresh()
    expect(account()?.tokenBalance).toHaveLength(2)
    supported = false
    connect(B)
    await balances.refresh()
    expect(toast.error).toHaveBeenCalledTimes(2)
  })

  it('clears the list on another account and drops an answer for an account no longer shown', async () => {
    let release: (value: TokenBalance[]) => void = () => {}
    const api = fakeApi()
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    const balances = createTokenBalances(kernel, toast)
    await balances.refresh()
    expect(account()?.tokenBalance).toHaveLength(2)
    api.fetchBalances.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)))
    connect(B)
    const pending = balances.refresh()
    await vi.waitFor(() => expect(api.fetchBalances).toHaveBeenCalledTimes(2))
    expect(account()?.tokenBalance).toEqual([])
    connect(A, other)
    release([token('PTT', '18')])
    await pending
    expect(account()?.tokenBalance).toEqual([])
  })

  it('shows a cached answer at once and replaces it once read, when older than the fresh window (behaviour §9)', async () => {
    let finish: (list: TokenBalance[]) => void = () => {}
    const api = fakeApi()
    api.cachedBalances.mockReturnValue({
      balances: [token('OLD', '18'), token('JUNK', '0')],
      ageMs: BALANCE_FRESH_MS,
    })
    api.fetchBalances.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    const pending = createTokenBalances(kernel, toast).refresh()
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['OLD'])
    expect(api.cachedBalances).toHaveBeenCalledWith(A, 'eip155:31337')
    await vi.waitFor(() =>
      expect(api.fetchBalances).toHaveBeenCalledWith(A, 'eip155:31337', { forceUpdate: true }),
    )
    finish([token('NEW', '18')])
    await pending
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['NEW'])
  })

  it('a fresh cached answer is shown without a call; force calls past it', async () => {
    const api = fakeApi()
    api.cachedBalances.mockReturnValue({ balances: [token('OLD', '18')], ageMs: BALANCE_FRESH_MS - 1 })
    const { kernel, toast, connect, account } = setup(api)
    connect(A)
    const balances = createTokenBalances(kernel, toast)
    await balances.refresh()
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['OLD'])
    expect(api.fetchBalances).not.toHaveBeenCalled()
    await balances.refresh({ force: true })
    expect(api.fetchBalances).toHaveBeenCalledTimes(1)
    expect(account()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['ETH', 'USDC'])
  })

  it('shares one read between concurrent refreshes of the same account', async () => {
    const api = fakeApi()
    const { kernel, toast, connect } = setup(api)
    connect(A)
    const balances = createTokenBalances(kernel, toast)
    await Promise.all([balances.refresh(), balances.refresh()])
    expect(api.fetchBalances).toHaveBeenCalledTimes(1)
  })
})

describe('account data', () => {
  it('reads once for a connect (network and account events together) and forced on request', async () => {
    const api = fakeApi()
    const { kernel, toast, connect } = setup(api)
    const data = startAccountData(kernel, toast)
    connect(A)
    kernel.bus.emit('NETWORK_CHANGED', { caipNetworkId: 'eip155:31337' })
    kernel.bus.emit('ACCOUNT_CHANGED', { namespace: 'eip155', caipAddress: `eip155:31337:${A}` })
    await vi.waitFor(() => expect(api.fetchIdentity).toHaveBeenCalledTimes(1))
    expect(api.fetchBalances).toHaveBeenCalledTimes(1)
    await data.refresh({ force: true })
    expect(api.fetchBalances).toHaveBeenLastCalledWith(A, 'eip155:31337', { forceUpdate: true })
    data.dispose()
    kernel.bus.emit('MODAL_OPEN', { view: 'Account' })
    await Promise.resolve()
    expect(api.fetchBalances).toHaveBeenCalledTimes(2)
  })
})

describe('identity', () => {
  it('shows the name and avatar of the connected address and forgets them on another account', async () => {
    const api = fakeApi({
      fetchIdentity: vi.fn(async (address: string) =>
        address === A
          ? { name: 'alice.reown.id', avatar: 'data:image/png;base64,' }
          : { name: null, avatar: null },
      ),
    })
    const { kernel, connect, account } = setup(api)
    const identity = createIdentityLoader(kernel)
    connect(A)
    await identity.refresh()
    expect(account()).toMatchObject({ profileName: 'alice.reown.id', profileImage: 'data:image/png;base64,' })
    connect(B)
    await identity.refresh()
    expect(account()).toMatchObject({ profileName: null, profileImage: null })
  })

  it('logs a failure and shows no name', async () => {
    const api = fakeApi({ fetchIdentity: vi.fn(async () => Promise.reject(new Error('HTTP 500'))) })
    const { kernel, connect, account, log } = setup(api)
    connect(A)
    await createIdentityLoader(kernel).refresh()
    expect(account()?.profileName).toBeUndefined()
    expect(log.warn).toHaveBeenCalled()
  })
})
