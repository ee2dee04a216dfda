// @vitest-environment node
import { type AnvilProcess, ensureMulticall3, startAnvil } from '@portico/devnet'
import type { KernelState, ModalOptions, Network } from '@portico/shared-types'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { createClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectEip155 } from '../../test/account/connectEip155.ts'
import { text, tokenCode, uint } from '../../test/chains/erc20Testing.ts'
import { createEventBus } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { createTokenBalances } from './tokenBalances.ts'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = '0x0000000000000000000000000000000000001001'
const JUNK = '0x0000000000000000000000000000000000001002'

let anvil: AnvilProcess
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  await ensureMulticall3(anvil.rpcUrl)
  const client = createClient({ transport: http(anvil.rpcUrl) })
  const code = [
    [USDC, tokenCode({ balanceOf: uint(2_500_000n), decimals: uint(6n), symbol: text('USDC') })],
    [JUNK, tokenCode({ balanceOf: uint(1n), decimals: uint(1_000_000_000n), symbol: text('JUNK') })],
  ] as const
  for (const [address, runtime] of code)
    await client.request({ method: 'anvil_setCode', params: [address, runtime] } as never)
})
afterAll(async () => {
  await anvil?.stop()
})

function setup(api: BlockchainApiClient | undefined, tokens: string[] | undefined) {
  const network: Network = {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    name: 'Local',
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
    ...(tokens ? { tokens } : {}),
  }
  const options: ModalOptions = { projectId: 'p', networks: [network] }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const kernel = {
    store,
    bus: createEventBus(),
    log,
    cleanups: [],
    ...(api ? { api } : {}),
  } as unknown as Kernel
  connectEip155(store, A, network)
  const toast = { error: vi.fn() }
  const symbols = () => store.get().accounts.eip155?.tokenBalance.map((b) => b.symbol)
  return { kernel, toast, log, symbols, account: () => store.get().accounts.eip155 }
}

function downApi() {
  return {
    fetchBalances: vi.fn(async () => {
      throw new Error('HTTP 502')
    }),
    cachedBalances: () => undefined,
    isSupportedNetwork: () => true,
    whenReady: vi.fn(async () => {}),
  } as unknown as BlockchainApiClient
}

describe('token balances when the balance service cannot answer (behaviour §7 multicall fallback)', () => {
  it('API down: toast, lastRetry kept, and the configured tokens read from the chain', async () => {
    const api = downApi()
    const { kernel, toast, log, symbols, account } = setup(api, [USDC, JUNK])
    await createTokenBalances(kernel, toast).refresh()
    expect(api.fetchBalances).toHaveBeenCalled()
    expect(toast.error).toHaveBeenCalledWith('Token Balance Unavailable')
    expect(symbols()).toEqual(['USDC'])
    expect(account()?.tokenBalance[0]?.quantity).toEqual({ decimals: '6', numeric: '2.5' })
    expect(account()?.lastRetry).toBeTypeOf('number')
    expect(log.warn).toHaveBeenCalledWith('Portico: token dropped:', expect.stringContaining(JUNK))
  })

  it('no API, and a network the API does not support: tokens from the chain', async () => {
    const none = setup(undefined, [USDC])
    await createTokenBalances(none.kernel, none.toast).refresh()
    expect(none.symbols()).toEqual(['USDC'])
    const api = { ...downApi(), isSupportedNetwork: () => false } as unknown as BlockchainApiClient
    const unsupported = setup(api, [USDC])
    const balances = createTokenBalances(unsupported.kernel, unsupported.toast)
    await balances.refresh()
    expect(unsupported.symbols()).toEqual(['USDC'])
    // The second refresh (toast already shown for this account) still reads from the chain.
    await balances.refresh({ force: true })
    expect(unsupported.symbols()).toEqual(['USDC'])
    expect(unsupported.toast.error).toHaveBeenCalledTimes(1)
  })

  it('no tokens configured: the list stays empty, as before', async () => {
    const { kernel, toast, symbols } = setup(downApi(), undefined)
    await createTokenBalances(kernel, toast).refresh()
    expect(symbols()).toEqual([])
  })
})
