/** Swap failures (behaviour §2 routing, behaviour §8 messages): what goes back and what stays. */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { approveData, NET, PTT, ROUTER, setup, start, USDC, USER } from '../test/swapsTesting.ts'
import { SwapView } from './SwapView.tsx'

afterEach(cleanup)

describe('swap flow (behaviour §4): failures', () => {
  it('failures route as behaviour §2: init, allowance and build go back; approval build stays', async () => {
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
    await start(build)
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

  it("failed prices: 'Failed to fetch network token price', and the swap initialises without prices", async () => {
    const t = setup()
    t.api.fetchPrices.mockRejectedValueOnce(new Error('503'))
    await t.session.controller.initialise()
    expect(t.ctx.toast.error).toHaveBeenCalledTimes(1)
    expect(t.ctx.toast.error).toHaveBeenCalledWith('Failed to fetch network token price')
    expect(t.ctx.router.goBack).not.toHaveBeenCalled()
    expect(t.state().initialized).toBe(true)
    expect(t.state().networkPrice).toBe('0')
    expect(t.state().tokensPriceMap).toEqual({})
  })

  it("a quote without a destination amount: 'Incorrect amount' / 'Please enter a valid amount'", async () => {
    const t = setup()
    t.api.convertQuotes.mockResolvedValueOnce({ quotes: [] })
    await start(t)
    await waitFor(() => expect(t.state().incorrectAmount).toBe(true))
    render(<SwapView ctx={t.ctx} params={{}} />)
    expect(screen.getByRole('alert').textContent).toBe('Incorrect amount Please enter a valid amount')
  })
})
