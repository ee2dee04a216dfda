/** The Swap view's layout and controls: one row per side, fiat values, the details disclosure. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PTT, ready, setup, USDC } from '../test/swapsTesting.ts'
import { SwapView } from './SwapView.tsx'

afterEach(cleanup)

describe('the Swap view', () => {
  it('puts each amount and its token on one row, with the fiat value under the amount', async () => {
    const t = setup()
    await ready(t)
    render(<SwapView ctx={t.ctx} params={{}} />)
    const pay = screen.getByRole('region', { name: 'You pay' })
    const amount = within(pay).getByRole('textbox', { name: 'Amount to swap' })
    const source = within(pay).getByRole('button', { name: 'Swap from ETH, change token' })
    expect(amount.parentElement).toBe(source.parentElement)
    expect(within(pay).getByText('≈ $3,000.00')).toBeTruthy()
    const receive = screen.getByRole('region', { name: 'You receive' })
    expect(within(receive).getByRole('textbox', { name: 'Amount to receive' })).toHaveProperty(
      'readOnly',
      true,
    )
    expect(within(receive).getByText('≈ $2,961.03')).toBeTruthy()
    expect(within(receive).getByText('Balance: 500.000 USDC')).toBeTruthy()
  })

  it('keeps the details collapsed until asked for, then lists them', async () => {
    const t = setup()
    await ready(t)
    render(<SwapView ctx={t.ctx} params={{}} />)
    const toggle = screen.getByRole('button', { name: 'Swap details' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('definition')).toBeNull()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const details = screen.getByLabelText('Swap details', { selector: 'dl' })
    expect(details.id).toBe(toggle.getAttribute('aria-controls'))
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Network cost',
      'Price impact',
      'Max. slippage',
      'Provider fee',
    ])
  })

  it('clears the token to receive with a small named control', async () => {
    const t = setup()
    await ready(t)
    render(<SwapView ctx={t.ctx} params={{}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Clear the token to receive' }))
    expect(t.state().toToken).toBeUndefined()
    expect(await screen.findByRole('button', { name: 'Choose the token to receive' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Clear the token to receive' })).toBeNull()
  })

  it('marks an unlisted token and draws its logo from its address instead of any claimed image', async () => {
    const t = setup()
    // Hostile list: the unlisted PTT claims the listed USDC's image.
    const claimed = 'https://cdn.example/usdc.png'
    const { tokens } = await t.api.convertTokens()
    t.api.convertTokens.mockResolvedValue({
      tokens: tokens.map((token) =>
        ['USDC', 'PTT'].includes(token.symbol) ? { ...token, logoUri: claimed } : token,
      ),
    })
    await ready(t, PTT)
    render(<SwapView ctx={t.ctx} params={{}} />)
    const chip = screen.getByRole('button', { name: 'Receive PTT, unverified, change token' })
    expect(within(chip).getByText('Unverified')).toBeTruthy()
    expect(chip.querySelector('img')).toBeNull()
    expect(chip.querySelector('svg circle')?.getAttribute('fill')).toMatch(
      /^url\(#pt-token-logo-[a-z0-9]+\)$/,
    )
    // A listed token is not marked and shows its own image.
    expect(
      within(screen.getByRole('button', { name: 'Swap from ETH, change token' })).queryByText('Unverified'),
    ).toBeNull()
    act(() => t.session.controller.selectToken('to', USDC))
    const listed = await screen.findByRole('button', { name: 'Receive USDC, change token' })
    expect(listed.querySelector('img')?.getAttribute('src')).toBe(claimed)
  })
})
