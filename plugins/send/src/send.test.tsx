import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { BlockchainApiClient, Eip1193Provider, TokenBalance } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { decodeFunctionData, erc20Abi } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PreviewView } from './PreviewView.tsx'
import { SendView } from './SendView.tsx'
import { buildTransaction, checkGas, validate } from './send.ts'
import { sendStore } from './state.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 3000,
  value: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const USDC: TokenBalance = {
  name: 'Test USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: `eip155:31337:${USDC_CONTRACT}`,
  price: 1,
  value: 500,
  quantity: { decimals: '6', numeric: '500' },
  iconUrl: '',
}

afterEach(cleanup)

// The kernel's real helpers, as ctx.chains.evm() gives them (through the plugin test kit).
const evm = await fakeContext(connectedState(FROM)).ctx.chains.evm()
/** viem, independently of the helpers, reads the calldata back. */
const transferOf = (data: `0x${string}` | undefined) =>
  data ? decodeFunctionData({ abi: erc20Abi, data }) : undefined

describe('validation', () => {
  const check = (amount: string, receiver = TO, token: TokenBalance | undefined = USDC) =>
    validate({ sendTokenAmount: amount, receiverAddress: receiver }, token, evm)
  it('wants a positive amount within the balance and the token’s decimals, and an eip155 receiver', () => {
    expect(check('12.5')).toEqual({})
    expect(check('.5')).toEqual({})
    expect(check('12.5', TO.slice(2))).toEqual({})
    expect(check('12.5', TO.toLowerCase())).toEqual({})
    expect(check('')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('0')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('1e3')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('-1')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('500.000001')).toEqual({ amount: 'Insufficient balance' })
    expect(check('500.000000')).toEqual({})
    expect(check('1.1234567')).toEqual({ amount: 'USDC allows at most 6 decimals' })
    expect(check('1', '0x12')).toEqual({
      receiver: 'Enter a valid address: 0x followed by 40 hexadecimal characters',
    })
    expect(check('1', `0x${'g'.repeat(40)}`)).toEqual({
      receiver: 'Enter a valid address: 0x followed by 40 hexadecimal characters',
    })
  })

  it('refuses a mixed-case receiver whose checksum does not match (a typo)', () => {
    expect(check('1', TO.replace('C51', 'c51'))).toEqual({
      receiver: 'This address has mixed case that does not match its checksum: check it for a typo',
    })
  })
})

describe('transactions', () => {
  it('a native send carries the value, an ERC-20 send calls the contract', () => {
    expect(buildTransaction(evm, FROM, ETH, '0.5', TO)).toEqual({
      from: FROM,
      to: TO,
      value: `0x${(5n * 10n ** 17n).toString(16)}`,
    })
    const erc20 = buildTransaction(evm, FROM, USDC, '2', TO.slice(2).toLowerCase())
    expect(erc20).toMatchObject({ from: FROM, to: USDC_CONTRACT, value: '0x0' })
    expect(transferOf(erc20.data)).toEqual({ functionName: 'transfer', args: [TO, 2_000_000n] })
  })
})

function wallet(balanceWei: bigint, overrides: Record<string, unknown> = {}) {
  const request = vi.fn(async ({ method }: { method: string }) => {
    if (method in overrides) {
      const answer = overrides[method]
      if (answer instanceof Error) throw answer
      return answer
    }
    if (method === 'eth_estimateGas') return '0xea60' // 60 000
    if (method === 'eth_getBalance') return `0x${balanceWei.toString(16)}`
    if (method === 'eth_gasPrice') return '0x3b9aca00'
    if (method === 'eth_sendTransaction') return '0xhash'
    if (method === 'eth_getTransactionReceipt') return { status: '0x1' }
    throw new Error(`unexpected ${method}`)
  })
  return { request } as Eip1193Provider & { request: typeof request }
}

const gasApi = (gwei: number) =>
  ({
    fetchGasPrice: vi.fn(async () => ({ standard: String(gwei * 1e9), fast: '0', instant: '0' })),
    fetchPrices: vi.fn(async () => ({ fungibles: [] })),
  }) as unknown as BlockchainApiClient

describe('gas (SPEC §5)', () => {
  const setup = (balanceWei: bigint, extra = {}) => {
    const state = connectedState(FROM, { tokenBalance: [ETH, USDC], ...extra })
    const provider = wallet(balanceWei)
    const { ctx } = fakeContext(state, {
      services: { api: gasApi(10) },
      account: { get: vi.fn(), provider: () => provider, refreshBalance: vi.fn(async () => {}) },
    })
    const account = state.accounts.eip155
    const network = state.networks.byNamespace.eip155?.caipNetwork
    if (!account || !network) throw new Error('state')
    return { ctx, account, network }
  }

  it('prices the estimate in USD and passes with enough native balance', async () => {
    const { ctx, account, network } = setup(10n ** 18n)
    const check = await checkGas(
      ctx,
      evm,
      account,
      network,
      [ETH, USDC],
      buildTransaction(evm, FROM, USDC, '1', TO),
    )
    expect(check.gas).toBe(60_000n)
    expect(check.gasPrice).toBe(10_000_000_000n)
    expect(check.gasPriceInUSD).toBeCloseTo(0.0006 * 3000)
    expect(check.networkBalanceInUSD).toBe(3000)
    expect(check.insufficient).toBe(false)
  })

  it('is short with 0 or dust native balance, unless a smart account', async () => {
    const dust = setup(1n)
    expect(
      (
        await checkGas(
          dust.ctx,
          evm,
          dust.account,
          dust.network,
          [ETH, USDC],
          buildTransaction(evm, FROM, USDC, '1', TO),
        )
      ).insufficient,
    ).toBe(true)
    const smart = setup(0n, { allAccounts: [{ namespace: 'eip155', address: FROM, type: 'smartAccount' }] })
    expect(
      (
        await checkGas(
          smart.ctx,
          evm,
          smart.account,
          smart.network,
          [ETH, USDC],
          buildTransaction(evm, FROM, USDC, '1', TO),
        )
      ).insufficient,
    ).toBe(false)
  })

  it('a native send needs the amount plus the fee', async () => {
    const { ctx, account, network } = setup(10n ** 18n)
    const all = await checkGas(ctx, evm, account, network, [ETH], buildTransaction(evm, FROM, ETH, '1', TO))
    expect(all.insufficient).toBe(true)
  })
})

describe('Send and Review Send views', () => {
  const setup = (provider = wallet(10n ** 18n)) => {
    const state = connectedState(FROM, { tokenBalance: [ETH, USDC] })
    const { ctx } = fakeContext(state, {
      services: { api: gasApi(1) },
      account: { get: vi.fn(), provider: () => provider, refreshBalance: vi.fn(async () => {}) },
    })
    return { ctx, provider }
  }

  it('refuses to preview bad input with the field messages (never the Solana-only one), then previews good input', async () => {
    const { ctx } = setup()
    render(<SendView ctx={ctx} params={{}} />)
    expect(await screen.findByRole('button', { name: 'Token: ETH, balance 1.000 ETH' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy()
    expect(screen.getByText(/^Enter a valid address/)).toBeTruthy()
    expect(screen.queryByText('Please enter a valid amount and receiver address')).toBeNull()
    expect(ctx.router.push).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } })
    fireEvent.change(screen.getByLabelText(/^Receiver address/), { target: { value: TO } })
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
    await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith('SendPreview'))
  })

  it('on Solana, bad input shows the SPEC §5 Solana message', async () => {
    const base = connectedState(SOL_ADDRESS)
    const network = {
      id: 'devnet',
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as const,
      name: 'Solana Devnet',
      chainNamespace: 'solana' as const,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [] } },
    }
    const eip155 = base.networks.byNamespace.eip155
    const account = base.accounts.eip155
    if (!eip155 || !account) throw new Error('connectedState changed shape')
    const state = {
      ...base,
      networks: {
        activeNamespace: 'solana' as const,
        byNamespace: { solana: { ...eip155, caipNetwork: network, requestedCaipNetworks: [network] } },
      },
      accounts: { solana: { ...account, namespace: 'solana' as const, balance: '2' } },
    }
    const { ctx } = fakeContext(state)
    render(<SendView ctx={ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Preview send' }))
    expect(await screen.findByText('Please enter a valid amount and receiver address')).toBeTruthy()
    expect(ctx.router.push).not.toHaveBeenCalled()
  })

  it('a namespace the send form does not serve shows Unsupported chain (SPEC §8)', () => {
    const base = connectedState(FROM)
    const eip155 = base.networks.byNamespace.eip155
    const account = base.accounts.eip155
    if (!eip155 || !account) throw new Error('connectedState changed shape')
    const network = {
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      rpcUrls: { default: { http: [] } },
      id: '91b171bb158e2d3848fa23a9f1c25182',
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as const,
      name: 'Polkadot',
      chainNamespace: 'polkadot' as const,
    }
    const state = {
      ...base,
      networks: {
        activeNamespace: 'polkadot' as const,
        byNamespace: { polkadot: { ...eip155, caipNetwork: network, requestedCaipNetworks: [network] } },
      },
      accounts: { polkadot: { ...account, namespace: 'polkadot' as const } },
    }
    const { ctx } = fakeContext(state)
    render(<SendView ctx={ctx} params={{}} />)
    expect(screen.getByText('Unsupported chain')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Preview send' })).toBeNull()
  })

  it('a chain-helper chunk that fails to load shows Something went wrong, never a crash', async () => {
    const { ctx } = setup()
    const failing = fakeContext(connectedState(FROM, { tokenBalance: [ETH, USDC] }), {
      ...ctx,
      chains: { ...ctx.chains, evm: () => Promise.reject(new Error('ChunkLoadError')) },
    }).ctx
    render(<SendView ctx={failing} params={{}} />)
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Preview send' })).toBeNull()
    expect(failing.log.warn).toHaveBeenCalledWith('could not load the chain helpers', expect.any(Error))
  })

  it('shows the insufficient-gas message and stays', async () => {
    const { ctx } = setup(wallet(0n))
    render(<SendView ctx={ctx} params={{}} />)
    await screen.findByRole('button', { name: 'Preview send' })
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } })
    fireEvent.change(screen.getByLabelText(/^Receiver address/), { target: { value: TO } })
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
    expect(await screen.findByText('Insufficient ETH to pay the network fee')).toBeTruthy()
    expect(ctx.router.push).not.toHaveBeenCalled()
  })

  it('confirm: the wallet sends, Transaction started, back to Account, balances refreshed once mined', async () => {
    const { ctx, provider } = setup()
    const store = sendStore(ctx)
    store.update((draft) => {
      draft.token = USDC
      draft.sendTokenAmount = '2'
      draft.receiverAddress = TO
      draft.gasPriceInUSD = 0.5
    })
    render(<PreviewView ctx={ctx} params={{}} />)
    expect(await screen.findByText('2 USDC (≈ $2.00)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Transaction started'))
    const sent = provider.request.mock.calls.find(([call]) => call.method === 'eth_sendTransaction')?.[0] as
      | { params: [{ data: `0x${string}` }] }
      | undefined
    expect(sent?.params[0]).toMatchObject({ from: FROM, to: USDC_CONTRACT, value: '0x0' })
    expect(transferOf(sent?.params[0].data)).toEqual({ functionName: 'transfer', args: [TO, 2_000_000n] })
    expect(ctx.router.reset).toHaveBeenCalledWith('Account')
    await waitFor(() => expect(ctx.account.refreshBalance).toHaveBeenCalled())
    expect(store.get().sendTokenAmount).toBe('')
  })

  it('a failed send shows Something went wrong and stays', async () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { ctx } = setup(wallet(10n ** 18n, { eth_sendTransaction: rejected }))
    sendStore(ctx).update((draft) => {
      draft.token = ETH
      draft.sendTokenAmount = '0.1'
      draft.receiverAddress = TO
    })
    render(<PreviewView ctx={ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.error).toHaveBeenCalledWith('Something went wrong'))
    expect(ctx.router.reset).not.toHaveBeenCalled()
    expect(sendStore(ctx).get().sendTokenAmount).toBe('0.1')
  })
})

describe('Solana send', () => {
  const SOL_FROM = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
  const SOL_TO = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
  const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
  const solanaState = () => {
    const state = connectedState(SOL_FROM, { namespace: 'solana', balance: '2' })
    const slice = state.networks.byNamespace.eip155
    const network = {
      id: 'devnet',
      caipNetworkId: 'solana:devnet' as const,
      name: 'Solana Devnet',
      chainNamespace: 'solana' as const,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
    }
    return {
      ...state,
      networks: {
        activeNamespace: 'solana' as const,
        byNamespace: { solana: { ...slice, caipNetwork: network, requestedCaipNetworks: [network] } },
      },
      accounts: { solana: state.accounts.eip155 },
    } as typeof state
  }
  const rpc = vi.fn(async (_url: string, init: { body: string }) => {
    const { method, id } = JSON.parse(init.body) as { method: string; id: unknown }
    const result =
      method === 'getLatestBlockhash'
        ? { value: { blockhash: BLOCKHASH, lastValidBlockHeight: 1 } }
        : method === 'getBalance'
          ? { value: 2_000_000_000 }
          : { value: [{ err: null }] }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }))
  })

  it('signs and sends a SOL transfer through solana_signAndSendTransaction', async () => {
    vi.stubGlobal('fetch', rpc)
    try {
      const request = vi.fn(async (_: { method: string; params: { transaction: string } }) => ({
        signature: '5'.repeat(88),
      }))
      const { ctx } = fakeContext(solanaState(), {
        account: { get: vi.fn(), provider: () => ({ request }), refreshBalance: vi.fn(async () => {}) },
      })
      render(<SendView ctx={ctx} params={{}} />)
      expect(await screen.findByRole('button', { name: 'Token: SOL, balance 2.000 SOL' })).toBeTruthy()
      fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.5' } })
      fireEvent.change(screen.getByLabelText(/^Receiver address/), { target: { value: SOL_TO } })
      fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
      await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith('SendPreview'))
      cleanup()
      render(<PreviewView ctx={ctx} params={{}} />)
      expect(await screen.findByText('0.000005 SOL')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Transaction started'))
      const [call] = request.mock.calls[0] ?? []
      expect(call?.method).toBe('solana_signAndSendTransaction')
      // The helper's transaction (kernel tests check it with web3.js) for the amount, receiver and blockhash.
      const solana = await ctx.chains.solana()
      expect(call?.params.transaction).toBe(
        solana.transferTransaction({
          from: SOL_FROM,
          to: SOL_TO,
          lamports: 500_000_000n,
          blockhash: BLOCKHASH,
        }),
      )
      await waitFor(() => expect(ctx.account.refreshBalance).toHaveBeenCalled())
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a failed Solana send shows the SPEC message', async () => {
    vi.stubGlobal('fetch', rpc)
    try {
      const request = vi.fn(async () => Promise.reject(new Error('User rejected the request.')))
      const { ctx } = fakeContext(solanaState(), {
        account: { get: vi.fn(), provider: () => ({ request }), refreshBalance: vi.fn(async () => {}) },
      })
      sendStore(ctx).update((draft) => {
        draft.token = { ...ETH, name: 'Solana', symbol: 'SOL', quantity: { decimals: '9', numeric: '2' } }
        draft.sendTokenAmount = '0.5'
        draft.receiverAddress = SOL_TO
      })
      render(<PreviewView ctx={ctx} params={{}} />)
      fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
      await waitFor(() =>
        expect(ctx.toast.error).toHaveBeenCalledWith('Failed to send transaction. Please try again.'),
      )
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
