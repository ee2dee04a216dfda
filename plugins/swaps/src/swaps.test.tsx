import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { BlockchainApiClient, Eip1193Provider, PluginContext } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { decodeFunctionData, erc20Abi } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SelectTokenView } from './SelectTokenView.tsx'
import { SwapView } from './SwapView.tsx'
import { swapSession } from './session.ts'
import { leaveSwap } from './state.ts'

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const NET = 'eip155:31337'
const NATIVE = `${NET}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`
const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const USDC = `${NET}:${USDC_CONTRACT}`
const PTT = `${NET}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`
const E18 = 10n ** 18n
const HASH = `0x${'ab'.repeat(32)}`
const approveData = `0x095ea7b3${'0'.repeat(24)}${ROUTER.slice(2).toLowerCase()}${'f'.repeat(64)}`

afterEach(cleanup)

function setup({ ethWei = 10n * E18, usdc = '500', allowance = '0', debounceMs = 0 } = {}) {
  let currentAllowance = allowance
  const api = {
    whenReady: vi.fn(async () => {}),
    convertTokens: vi.fn(async () => ({
      tokens: [
        { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: '' },
        { name: 'Test USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
        { name: 'Portico Test Token', symbol: 'PTT', address: PTT, decimals: 18, logoUri: '' },
        {
          name: 'Evil',
          symbol: 'E'.repeat(500),
          address: `${NET}:0x${'9'.repeat(40)}`,
          decimals: 6,
          logoUri: '',
        },
      ],
    })),
    fetchPrices: vi.fn(async () => ({
      fungibles: [
        { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 3000, address: NATIVE.toLowerCase() },
        { name: 'USDC', symbol: 'USDC', iconUrl: '', price: 1, address: USDC.toLowerCase() },
      ],
    })),
    fetchBalances: vi.fn(async () => [
      {
        name: 'Test USD Coin',
        symbol: 'USDC',
        chainId: NET,
        address: USDC,
        price: 1,
        quantity: { decimals: '6', numeric: usdc },
        iconUrl: '',
      },
    ]),
    fetchGasPrice: vi.fn(async () => ({ standard: '1000000000', fast: '1', instant: '1' })),
    convertQuotes: vi.fn(async (params: { amount: string; from: string }) => ({
      quotes: [
        {
          toAmount:
            params.from === NATIVE ? '2961034512' : (BigInt(params.amount) * 8n * 10n ** 11n).toString(),
        },
      ],
    })),
    convertAllowance: vi.fn(async (params: { tokenAddress: string }) => ({
      allowance: params.tokenAddress === NATIVE ? (2n ** 256n - 1n).toString() : currentAllowance,
    })),
    convertBuildTransaction: vi.fn(async (params: { amount: string; from: string }) => ({
      tx: {
        from: `${NET}:${USER}`,
        to: `${NET}:${ROUTER}`,
        data: '0x7ff36ab5',
        value: params.from === NATIVE ? params.amount : '0',
        eip155: { gas: '200000', gasPrice: '1000000000' },
      },
    })),
    convertBuildApprove: vi.fn(async () => ({
      tx: { from: `${NET}:${USER}`, to: USDC, data: approveData, value: '0', eip155: { gasPrice: '1' } },
    })),
  }
  const sent: Record<string, string>[] = []
  let receiptStatus = '0x1'
  let reject: Error | undefined
  const provider: Eip1193Provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      if (method === 'eth_getBalance') return `0x${ethWei.toString(16)}`
      if (method === 'eth_sendTransaction') {
        if (reject) throw reject
        const tx = (params as Record<string, string>[])[0] as Record<string, string>
        sent.push(tx)
        if (tx.data?.startsWith('0x095ea7b3')) currentAllowance = (2n ** 256n - 1n).toString()
        return HASH
      }
      if (method === 'eth_getTransactionReceipt') return { status: receiptStatus }
      throw new Error(`unexpected ${method}`)
    }),
  } as unknown as Eip1193Provider
  const { ctx } = fakeContext(connectedState(USER, { balance: '10' }), {
    services: { api: api as unknown as BlockchainApiClient },
  })
  ctx.account.provider = vi.fn(() => provider)
  const session = swapSession(ctx, { debounceMs, receiptIntervalMs: 1 })
  return {
    ctx,
    api,
    sent,
    session,
    state: () => session.store.get(),
    failReceipts: () => {
      receiptStatus = '0x0'
    },
    rejectWith: (error: Error) => {
      reject = error
    },
  }
}

async function ready(t: ReturnType<typeof setup>, to = USDC) {
  await t.session.controller.initialise()
  t.session.controller.selectToken('to', to)
  await waitFor(() =>
    expect(t.state().swapTransaction ?? t.state().approvalTransaction ?? t.state().inputError).toBeDefined(),
  )
}

const emitted = (ctx: PluginContext, name: string) =>
  vi
    .mocked(ctx.events.emit)
    .mock.calls.filter(([type]) => type === name)
    .map(([, payload]) => payload)

describe('swap flow (SPEC §4)', () => {
  it('initialises with the native token, amount 1, the list without the hostile entry, balances and prices', async () => {
    const t = setup()
    await t.session.controller.initialise()
    const state = t.state()
    expect(state.initialized).toBe(true)
    expect(state.sourceToken).toMatchObject({ address: NATIVE, price: 3000, quantity: { numeric: '10' } })
    expect(state.sourceTokenAmount).toBe('1')
    expect(state.tokens?.map((token) => token.symbol)).toEqual(['ETH', 'USDC', 'PTT'])
    expect(state.popularTokens?.map((token) => token.symbol)).toEqual(['ETH', 'PTT', 'USDC'])
    expect(state.myTokensWithBalance?.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    expect(state.networkPrice).toBe('3000')
    expect(t.api.convertQuotes).not.toHaveBeenCalled()
  })

  it('ETH → USDC: quote, figures, swap sent with the amount as value, success message, event, Account, balances', async () => {
    const t = setup()
    await ready(t)
    expect(t.api.convertQuotes).toHaveBeenCalledWith({
      amount: E18.toString(),
      userAddress: `${NET}:${USER}`,
      from: NATIVE,
      to: USDC,
      gasPrice: '1000000000',
    })
    expect(t.state()).toMatchObject({
      toTokenAmount: '2961.034512',
      maxSlippage: '29.610345',
      providerFee: '0.0085',
      gasFee: (200_000n * 10n ** 9n).toString(),
    })
    expect(t.state().gasPriceInUSD).toBeCloseTo(0.6, 10)
    expect(t.state().priceImpact).toBeCloseTo(1.2988, 3)
    render(<SwapView ctx={t.ctx} params={{}} />)
    expect(screen.getByLabelText('Amount to receive')).toHaveProperty('value', '2961.034512')
    expect(screen.getByText('0.0085 ETH')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }))
    await waitFor(() => expect(t.ctx.router.reset).toHaveBeenCalledWith('Account'))
    expect(t.sent).toEqual([
      { from: USER, to: ROUTER, data: '0x7ff36ab5', value: `0x${E18.toString(16)}`, gas: '0x30d40' },
    ])
    expect(vi.mocked(t.ctx.toast.loading).mock.calls.map(([m]) => m)).toEqual([
      'Confirm transaction in your wallet',
      'Swapping 1.000 ETH to 2,961.034 USDC',
    ])
    expect(t.ctx.toast.success).toHaveBeenCalledWith('Swapped 1.000 ETH to 2,961.034 USDC')
    expect(emitted(t.ctx, 'SWAP_SUCCESS')).toEqual([
      {
        network: NET,
        swapFromToken: 'ETH',
        swapToToken: 'USDC',
        swapFromAmount: '1',
        swapToAmount: '2961.034512',
        isSmartAccount: false,
      },
    ])
    expect(t.ctx.account.refreshBalance).toHaveBeenCalled()
    expect(t.state().initialized).toBe(false)
  })

  it("a quote above the balance shows 'Insufficient balance' and builds nothing", async () => {
    const t = setup()
    await t.session.controller.initialise()
    t.session.controller.selectToken('to', USDC)
    t.session.controller.setSourceAmount('10')
    await waitFor(() => expect(t.state().inputError).toBe('Insufficient balance'))
    expect(t.api.convertAllowance).not.toHaveBeenCalled()
    render(<SwapView ctx={t.ctx} params={{}} />)
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance')
    expect(screen.getByRole('button', { name: 'Insufficient balance' })).toHaveProperty('disabled', true)
  })

  it('USDC → PTT: allowance short → approval sent → re-quote → swap transaction', async () => {
    const t = setup()
    await t.session.controller.initialise()
    t.session.controller.selectToken('source', USDC)
    t.session.controller.setSourceAmount('100')
    t.session.controller.selectToken('to', PTT)
    await waitFor(() => expect(t.state().approvalTransaction).toBeDefined())
    expect(t.state().swapTransaction).toBeUndefined()
    render(<SwapView ctx={t.ctx} params={{}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Approve USDC' }))
    await waitFor(() => expect(t.state().swapTransaction).toBeDefined())
    expect(t.ctx.toast.loading).toHaveBeenCalledWith('Approve limit increase in your wallet')
    expect(t.sent[0]?.to).toBe(USDC_CONTRACT)
    expect(decodeFunctionData({ abi: erc20Abi, data: t.sent[0]?.data as `0x${string}` }).functionName).toBe(
      'approve',
    )
    expect(t.api.convertQuotes).toHaveBeenCalledTimes(2)
    expect(t.state().swapTransaction?.value).toBe(0n)
    fireEvent.click(await screen.findByRole('button', { name: 'Swap' }))
    await waitFor(() =>
      expect(t.ctx.toast.success).toHaveBeenCalledWith('Swapped 100.000 USDC to 80.000 PTT'),
    )
  })

  it('a declined approval: its message, SWAP_APPROVAL_ERROR with the properties; a failed swap: SWAP_ERROR', async () => {
    const t = setup()
    await t.session.controller.initialise()
    t.session.controller.selectToken('source', USDC)
    t.session.controller.setSourceAmount('100')
    t.session.controller.selectToken('to', PTT)
    await waitFor(() => expect(t.state().approvalTransaction).toBeDefined())
    t.rejectWith(new Error('User rejected the request.'))
    await t.session.executor.approve()
    expect(t.ctx.toast.error).toHaveBeenCalledWith('User rejected the request.')
    expect(emitted(t.ctx, 'SWAP_APPROVAL_ERROR')).toEqual([
      expect.objectContaining({
        swapFromToken: 'USDC',
        swapToToken: 'PTT',
        message: 'User rejected the request.',
      }),
    ])

    const u = setup()
    await ready(u)
    u.failReceipts()
    await u.session.executor.swap()
    expect(u.ctx.toast.error).toHaveBeenCalledWith('Transaction error')
    expect(emitted(u.ctx, 'SWAP_ERROR')).toEqual([
      expect.objectContaining({ network: NET, swapFromAmount: '1', message: 'Transaction error' }),
    ])
    expect(u.ctx.router.reset).not.toHaveBeenCalled()
  })

  it('failures route as SPEC §2: init, allowance and build go back; approval build stays', async () => {
    const init = setup()
    init.api.convertTokens.mockRejectedValueOnce(new Error('Network not supported for Swaps'))
    await init.session.controller.initialise()
    expect(init.ctx.toast.error).toHaveBeenCalledWith('Failed to initialize swap')
    expect(init.ctx.router.goBack).toHaveBeenCalledTimes(1)

    const allowance = setup()
    allowance.api.convertAllowance.mockRejectedValueOnce(new Error('502'))
    await allowance.session.controller.initialise()
    allowance.session.controller.selectToken('to', USDC)
    await waitFor(() => expect(allowance.ctx.toast.error).toHaveBeenCalledWith('Failed to check allowance'))
    expect(allowance.state().fetchError).toBe(true)
    expect(allowance.ctx.router.goBack).toHaveBeenCalledTimes(1)

    const build = setup()
    build.api.convertBuildTransaction.mockRejectedValueOnce(new Error('400'))
    await ready(build).catch(() => {})
    await waitFor(() => expect(build.ctx.toast.error).toHaveBeenCalledWith('Failed to create transaction'))
    expect(build.ctx.router.goBack).toHaveBeenCalledTimes(1)

    const approve = setup()
    approve.api.convertBuildApprove.mockResolvedValueOnce({
      tx: {
        from: `${NET}:${USER}`,
        to: `${NET}:${ROUTER}`,
        data: approveData,
        value: '0',
        eip155: { gasPrice: '1' },
      },
    })
    await approve.session.controller.initialise()
    approve.session.controller.selectToken('source', USDC)
    approve.session.controller.selectToken('to', PTT)
    await waitFor(() =>
      expect(approve.ctx.toast.error).toHaveBeenCalledWith('Failed to create approval transaction'),
    )
    expect(approve.ctx.router.goBack).not.toHaveBeenCalled()
    expect(approve.state().approvalTransaction).toBeUndefined()
  })

  it("a quote without a destination amount: 'Incorrect amount' / 'Please enter a valid amount'", async () => {
    const t = setup()
    t.api.convertQuotes.mockResolvedValueOnce({ quotes: [] })
    await ready(t).catch(() => {})
    await waitFor(() => expect(t.state().incorrectAmount).toBe(true))
    render(<SwapView ctx={t.ctx} params={{}} />)
    expect(screen.getByRole('alert').textContent).toBe('Incorrect amount Please enter a valid amount')
  })

  it('switch: sides swap with the destination amount (or 1), a new quote; ignored before init; clear and reset', async () => {
    const t = setup()
    t.session.controller.switchTokens()
    expect(t.state().sourceToken).toBeUndefined()
    await ready(t)
    t.session.controller.switchTokens()
    expect(t.state()).toMatchObject({
      sourceTokenAmount: '2961.034512',
      sourceTokenPriceInUSD: 1,
      toTokenPriceInUSD: 3000,
    })
    expect(t.state().sourceToken?.address).toBe(USDC)
    expect(t.state().toToken?.address).toBe(NATIVE)
    await waitFor(() => expect(t.api.convertQuotes).toHaveBeenCalledTimes(2))
    t.session.controller.clearToken('to')
    t.session.controller.switchTokens()
    expect(t.state()).toMatchObject({ sourceTokenAmount: '1', toTokenPriceInUSD: 1 })
    expect(t.state().sourceToken).toBeUndefined()
    t.session.controller.reset()
    expect(t.state()).toMatchObject({ initialized: false, sourceTokenAmount: '', tokensPriceMap: {} })
  })

  it('token selection: search by symbol, name or contract; the chosen side; identity by address', async () => {
    const t = setup()
    await t.session.controller.initialise()
    render(<SelectTokenView ctx={t.ctx} params={{ side: 'to' }} />)
    const popular = () => screen.getByRole('list', { name: 'Popular tokens' })
    expect(popular().querySelectorAll('li')).toHaveLength(3)
    fireEvent.change(screen.getByLabelText('Search token'), { target: { value: 'usd coin' } })
    expect(popular().textContent).toContain('USDC')
    expect(popular().querySelectorAll('li')).toHaveLength(1)
    fireEvent.change(screen.getByLabelText('Search token'), { target: { value: '0xe7f1' } })
    fireEvent.click(screen.getAllByRole('button', { name: /^PTT/ })[0] as HTMLElement)
    expect(t.state().toToken?.address).toBe(PTT)
    expect(t.ctx.router.goBack).toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Search token'), { target: { value: 'nothing like it' } })
    expect(screen.getByText(/No token matches the search/)).toBeTruthy()
  })

  it('a failure leaves only a swap view: from Select Token back past Swap; never past a view the visitor went to', () => {
    const history = (views: string[]) => views.map((view) => ({ view }))
    const { ctx, kernel } = fakeContext({
      ...connectedState(USER),
      router: { history: history(['Account', 'Swap', 'SwapSelectToken']), direction: 'next' },
    })
    ctx.router.goBack = vi.fn(() =>
      kernel.update((draft) => {
        draft.router.history.pop()
      }),
    )
    leaveSwap(ctx)
    expect(kernel.get().router.history).toEqual(history(['Account']))
    leaveSwap(ctx)
    expect(ctx.router.goBack).toHaveBeenCalledTimes(2)
  })

  it('typing is debounced (SPEC §9 500 ms): one quote for the last amount; a token pick quotes at once', async () => {
    const t = setup({ debounceMs: 500 })
    await t.session.controller.initialise()
    t.session.controller.selectToken('to', USDC)
    await waitFor(() => expect(t.state().swapTransaction).toBeDefined())
    expect(t.api.convertQuotes).toHaveBeenCalledTimes(1)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      for (const typed of ['0', '0.', '0.2', '0.25']) t.session.controller.setSourceAmount(typed)
      await vi.advanceTimersByTimeAsync(499)
      expect(t.api.convertQuotes).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
    } finally {
      vi.useRealTimers()
    }
    await waitFor(() => expect(t.api.convertQuotes).toHaveBeenCalledTimes(2))
    expect(t.api.convertQuotes).toHaveBeenLastCalledWith(
      expect.objectContaining({ amount: (25n * 10n ** 16n).toString() }),
    )
  })

  it('leaving Swap for Select Token keeps the session; for another view (or closing) ends it', async () => {
    const t = setup()
    t.ctx.getState = () => ({
      ...connectedState(USER),
      router: { history: [{ view: 'Account' }, { view: 'Swap' }], direction: 'next' },
    })
    await ready(t)
    const view = render(<SwapView ctx={t.ctx} params={{}} />)
    t.ctx.getState = () => ({
      ...connectedState(USER),
      router: {
        history: [{ view: 'Account' }, { view: 'Swap' }, { view: 'SwapSelectToken' }],
        direction: 'next',
      },
    })
    view.unmount()
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
    expect(t.state().initialized).toBe(true)
    const again = render(<SwapView ctx={t.ctx} params={{}} />)
    t.ctx.getState = () => ({
      ...connectedState(USER),
      router: { history: [{ view: 'Account' }], direction: 'prev' },
    })
    again.unmount()
    await waitFor(() => expect(t.state().initialized).toBe(false))
    expect(t.state().sourceTokenAmount).toBe('')
  })
})
