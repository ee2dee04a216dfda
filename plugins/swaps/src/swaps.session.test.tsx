/** The swap session: switching sides, token selection, debounce (behaviour §9) and leaving the views. */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NATIVE, PTT, ready, setup, USDC, USER } from '../test/swapsTesting.ts'
import { SelectTokenView } from './SelectTokenView.tsx'
import { SwapView } from './SwapView.tsx'
import { leaveSwap } from './state.ts'

afterEach(cleanup)

describe('swap session (behaviour §4)', () => {
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

  it('typing is debounced (behaviour §9 500 ms): one quote for the last amount; a token pick quotes at once', async () => {
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

  it('a view pushed over Swap in the open modal (the transaction preview of an approval) keeps the session; closed, it ends', async () => {
    const t = setup()
    const swapOpen = { history: [{ view: 'Account' }, { view: 'Swap' }], direction: 'next' as const }
    t.ctx.getState = () => ({ ...connectedState(USER), router: swapOpen })
    await ready(t)
    const view = render(<SwapView ctx={t.ctx} params={{}} />)
    const base = connectedState(USER)
    t.ctx.getState = () => ({
      ...base,
      modal: { ...base.modal, open: true },
      router: { history: [...swapOpen.history, { view: 'TransactionPreview' }], direction: 'next' },
    })
    view.unmount()
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
    expect(t.state().initialized).toBe(true)
    const again = render(<SwapView ctx={t.ctx} params={{}} />)
    // The same history with the modal closed: the visitor left, the session ends.
    t.ctx.getState = () => ({
      ...base,
      modal: { ...base.modal, open: false },
      router: { history: [...swapOpen.history, { view: 'TransactionPreview' }], direction: 'next' },
    })
    again.unmount()
    await waitFor(() => expect(t.state().initialized).toBe(false))
  })
})
