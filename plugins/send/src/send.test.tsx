import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { BlockchainApiClient, Eip1193Provider, TokenBalance } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { erc20TransferData, formatUnits, isEip155Address, parseUnits } from './amounts.ts'
import { PreviewView } from './PreviewView.tsx'
import { SendView } from './SendView.tsx'
import { buildTransaction, checkGas, validate } from './send.ts'
import { sendStore } from './state.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
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

describe('amounts', () => {
  it('parses and formats token units without floating point', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n)
    expect(parseUnits('.5', 18)).toBe(5n * 10n ** 17n)
    expect(parseUnits('12.3456780', 6)).toBe(12_345_678n)
    expect(parseUnits('1.1234567', 6)).toBeUndefined()
    expect(parseUnits('abc', 6)).toBeUndefined()
    expect(parseUnits('-1', 6)).toBeUndefined()
    expect(parseUnits('.', 6)).toBeUndefined()
    expect(formatUnits(12_345_678n, 6)).toBe('12.345678')
    expect(formatUnits(10n ** 18n, 18)).toBe('1')
  })

  it('checks eip155 addresses as SPEC §5 says: 40 hex characters, 0x optional', () => {
    expect(isEip155Address(TO)).toBe(true)
    expect(isEip155Address(TO.slice(2))).toBe(true)
    expect(isEip155Address('0x1234')).toBe(false)
    expect(isEip155Address(`${TO}0`)).toBe(false)
    expect(isEip155Address(`0x${'g'.repeat(40)}`)).toBe(false)
  })

  it('encodes ERC-20 transfer calldata', () => {
    expect(erc20TransferData(TO, 1_000_000n)).toBe(
      `0xa9059cbb000000000000000000000000${TO.slice(2).toLowerCase()}${(1_000_000).toString(16).padStart(64, '0')}`,
    )
  })
})

describe('validation', () => {
  const check = (amount: string, receiver = TO, token: TokenBalance | undefined = USDC) =>
    validate({ sendTokenAmount: amount, receiverAddress: receiver }, token)
  it('wants a positive amount within the balance and the token’s decimals, and an eip155 receiver', () => {
    expect(check('12.5')).toEqual({})
    expect(check('')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('0')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('1e3')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('500.000001')).toEqual({ amount: 'Insufficient balance' })
    expect(check('1.1234567')).toEqual({ amount: 'USDC allows at most 6 decimals' })
    expect(check('1', '0x12')).toEqual({
      receiver: 'Enter a valid address: 0x followed by 40 hexadecimal characters',
    })
  })
})

describe('transactions', () => {
  it('a native send carries the value, an ERC-20 send calls the contract', () => {
    expect(buildTransaction(FROM, ETH, '0.5', TO)).toEqual({
      from: FROM,
      to: TO,
      value: `0x${(5n * 10n ** 17n).toString(16)}`,
    })
    expect(buildTransaction(FROM, USDC, '2', TO.slice(2))).toEqual({
      from: FROM,
      to: USDC_CONTRACT,
      value: '0x0',
      data: erc20TransferData(TO, 2_000_000n),
    })
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
    const check = await checkGas(ctx, account, network, [ETH, USDC], buildTransaction(FROM, USDC, '1', TO))
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
          dust.account,
          dust.network,
          [ETH, USDC],
          buildTransaction(FROM, USDC, '1', TO),
        )
      ).insufficient,
    ).toBe(true)
    const smart = setup(0n, { allAccounts: [{ namespace: 'eip155', address: FROM, type: 'smartAccount' }] })
    expect(
      (
        await checkGas(
          smart.ctx,
          smart.account,
          smart.network,
          [ETH, USDC],
          buildTransaction(FROM, USDC, '1', TO),
        )
      ).insufficient,
    ).toBe(false)
  })

  it('a native send needs the amount plus the fee', async () => {
    const { ctx, account, network } = setup(10n ** 18n)
    const all = await checkGas(ctx, account, network, [ETH], buildTransaction(FROM, ETH, '1', TO))
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

  it('refuses to preview bad input with the SPEC message, then previews good input', async () => {
    const { ctx } = setup()
    render(<SendView ctx={ctx} params={{}} />)
    expect(screen.getByRole('button', { name: 'Token: ETH, balance 1.000 ETH' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
    expect(await screen.findByText('Please enter a valid amount and receiver address')).toBeTruthy()
    expect(ctx.router.push).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } })
    fireEvent.change(screen.getByLabelText(/^Receiver address/), { target: { value: TO } })
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
    await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith('SendPreview'))
  })

  it('shows the insufficient-gas message and stays', async () => {
    const { ctx } = setup(wallet(0n))
    render(<SendView ctx={ctx} params={{}} />)
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
    expect(screen.getByText('2 USDC (≈ $2.00)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Transaction started'))
    expect(provider.request).toHaveBeenCalledWith({
      method: 'eth_sendTransaction',
      params: [{ from: FROM, to: USDC_CONTRACT, value: '0x0', data: erc20TransferData(TO, 2_000_000n) }],
    })
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
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
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
    const { method } = JSON.parse(init.body) as { method: string }
    const result =
      method === 'getLatestBlockhash'
        ? { value: { blockhash: BLOCKHASH, lastValidBlockHeight: 1 } }
        : method === 'getBalance'
          ? { value: 2_000_000_000 }
          : { value: [{ err: null }] }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))
  })

  it('signs and sends a SOL transfer through solana_signAndSendTransaction', async () => {
    vi.stubGlobal('fetch', rpc)
    try {
      const request = vi.fn(async () => ({ signature: '5sig' }))
      const { ctx } = fakeContext(solanaState(), {
        account: { get: vi.fn(), provider: () => ({ request }), refreshBalance: vi.fn(async () => {}) },
      })
      render(<SendView ctx={ctx} params={{}} />)
      expect(screen.getByRole('button', { name: 'Token: SOL, balance 2.000 SOL' })).toBeTruthy()
      fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.5' } })
      fireEvent.change(screen.getByLabelText(/^Receiver address/), { target: { value: SOL_TO } })
      fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
      await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith('SendPreview'))
      cleanup()
      render(<PreviewView ctx={ctx} params={{}} />)
      expect(screen.getByText('0.000005 SOL')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Transaction started'))
      expect(request).toHaveBeenCalledWith({
        method: 'solana_signAndSendTransaction',
        params: { transaction: expect.any(String) },
      })
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
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      await waitFor(() =>
        expect(ctx.toast.error).toHaveBeenCalledWith('Failed to send transaction. Please try again.'),
      )
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
