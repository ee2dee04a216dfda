/** The swap flow (behaviour §4): initialise, quote, approval, swap, its events and messages. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { decodeFunctionData, erc20Abi } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  approvalPending,
  E18,
  emitted,
  NATIVE,
  NET,
  ROUTER,
  ready,
  setup,
  USDC,
  USDC_CONTRACT,
  USER,
} from '../test/swapsTesting.ts'
import { SwapView } from './SwapView.tsx'

afterEach(cleanup)

describe('swap flow (behaviour §4)', () => {
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
    await approvalPending(t)
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
    await approvalPending(t)
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
})
