import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { OnrampQuoteRequest, OnrampUrlRequest } from '@portico/shared-types/api'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BuyView } from './BuyView.tsx'
import plugin from './index.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
/** The kernel's built-in sample options name no providers (behaviour §8). */
const SAMPLE_OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'eip155:31337', display_name: 'Chain 31337', chain_id: '31337', contract_address: '' },
      ],
    },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: limits },
    { id: 'EUR', payment_method_limits: limits },
  ],
}
/** As the API answers: the sandbox pair on the devnet chain. */
const OPTIONS = {
  ...SAMPLE_OPTIONS,
  providers: [
    { id: 'portico-pay', name: 'Portico Pay', quotes: true, networks: ['eip155:31337'] },
    { id: 'demo-ramp', name: 'Demo Ramp', quotes: true, networks: ['eip155:31337'] },
  ],
}
const money = (amount: string, currency = 'USD') => ({ amount, currency })
const quoteOf = (p: OnrampQuoteRequest) => {
  const fee = p.provider === 'portico-pay' ? '1.50' : '2.00'
  return {
    coinbaseFee: money(fee, p.paymentCurrency),
    networkFee: money('0.50', p.paymentCurrency),
    paymentSubtotal: money('98.00', p.paymentCurrency),
    paymentTotal: money(p.amount, p.paymentCurrency),
    purchaseAmount: money(p.provider === 'portico-pay' ? '0.0326' : '0.0325', 'ETH'),
    quoteId: `${p.provider}:1`,
  }
}

function setup(api: Partial<BlockchainApiClient>) {
  const defaults = {
    onrampOptions: vi.fn(async () => OPTIONS),
    onrampQuote: vi.fn(async (p: OnrampQuoteRequest) => quoteOf(p)),
    onrampUrl: vi.fn(async (_p: OnrampUrlRequest) => ({ url: 'http://127.0.0.1:4202/buy?order=abc' })),
    fetchHistory: vi.fn(async (_p: { onramp?: string }) => ({ data: [] as unknown[], next: null })),
  }
  const scripted = { ...defaults, ...api } as typeof defaults
  const { ctx } = fakeContext(connectedState(ADDRESS), {
    services: { api: scripted as unknown as BlockchainApiClient },
  })
  render(<BuyView ctx={ctx} params={{}} />)
  return scripted
}

/** Opens a listbox with a click and chooses an option as a pointer does. */
function choose(listbox: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: listbox }))
  fireEvent.click(
    within(screen.getByRole('listbox', { name: listbox })).getByRole('option', { name: option }),
  )
}

describe('the Buy view', () => {
  it('contributes a Buy wallet feature for eip155 accounts', () => {
    expect(plugin.contributes?.walletFeatures?.[0]).toMatchObject({
      id: 'onramp',
      label: 'Buy',
      view: 'OnRampProviders',
    })
  })

  it('quotes both providers for the amount and shows what each gives', async () => {
    const api = setup({})
    expect(
      await screen.findByRole('button', {
        name: /Buy with Portico Pay You get 0\.0326 ETH · Fees \$2\.00/,
      }),
    ).toBeTruthy()
    expect(
      screen.getByRole('button', { name: /Buy with Demo Ramp You get 0\.0325 ETH · Fees \$2\.50/ }),
    ).toBeTruthy()
    expect(api.onrampQuote.mock.calls.map(([p]) => p)).toEqual(
      ['portico-pay', 'demo-ramp'].map((provider) => ({
        purchaseCurrency: 'eth',
        paymentCurrency: 'USD',
        amount: '100',
        network: 'eip155:31337',
        provider,
        paymentMethod: 'card',
      })),
    )
    choose('Currency', 'EUR')
    await waitFor(() =>
      expect(api.onrampQuote).toHaveBeenLastCalledWith(expect.objectContaining({ paymentCurrency: 'EUR' })),
    )
  })

  it('refuses an amount outside the method limits without quoting', async () => {
    const api = setup({})
    await screen.findByRole('button', { name: /Buy with Portico Pay/ })
    api.onrampQuote.mockClear()
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '7500.01' } })
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount between $10.00 and $7,500.00')
    choose('Payment method', 'Bank account (ACH)')
    await waitFor(() =>
      expect(api.onrampQuote).toHaveBeenCalledWith(
        expect.objectContaining({ amount: '7500.01', paymentMethod: 'ach_bank_account' }),
      ),
    )
  })

  it('amount presets set the amount within the method limits and say which is chosen', async () => {
    const api = setup({})
    await screen.findByRole('button', { name: /Buy with Portico Pay/ })
    const presets = screen.getByRole('group', { name: 'Amount presets' })
    expect(
      within(presets)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['$50.00', '$100.00', '$250.00'])
    // The default amount is 100: its preset shows as chosen.
    expect(within(presets).getByRole('button', { name: '$100.00' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(within(presets).getByRole('button', { name: '$250.00' }))
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveProperty('value', '250')
    await waitFor(() =>
      expect(api.onrampQuote).toHaveBeenLastCalledWith(expect.objectContaining({ amount: '250' })),
    )
  })

  it('shows the sample options and placeholder quotes when the service fails (behaviour §8)', async () => {
    setup({
      onrampOptions: vi.fn(async () => ({ ...SAMPLE_OPTIONS, fallback: true as const })),
      onrampQuote: vi.fn(async (p: OnrampQuoteRequest) => ({ ...quoteOf(p), placeholder: true as const })),
    })
    expect((await screen.findByRole('status')).textContent).toMatch(/sample options/)
    expect(await screen.findByRole('button', { name: /Buy with Portico Pay Quote unavailable/ })).toBeTruthy()
  })

  it('opens the provider page of the order without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const api = setup({})
    fireEvent.click(await screen.findByRole('button', { name: /Buy with Demo Ramp/ }))
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'http://127.0.0.1:4202/buy?order=abc',
        '_blank',
        'noopener,noreferrer',
      ),
    )
    expect(api.onrampUrl).toHaveBeenCalledWith({
      destinationWallets: [{ address: ADDRESS, blockchains: ['eip155:31337'], assets: ['eth'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: ADDRESS,
      presetFiatAmount: 100,
      provider: 'demo-ramp',
      paymentCurrency: 'USD',
      paymentMethod: 'card',
    })
    expect((await screen.findByRole('status')).textContent).toMatch(
      /Complete the payment in the Demo Ramp window/,
    )
  })

  it('never opens a URL that is not a web page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    setup({ onrampUrl: vi.fn(async () => ({ url: 'javascript:alert(document.domain)' })) })
    fireEvent.click(await screen.findByRole('button', { name: /Buy with Portico Pay/ }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The provider page address was refused: javascript: is not allowed',
    )
    expect(open).not.toHaveBeenCalled()
  })

  it('lists purchases from every provider with the onramp parameter', async () => {
    const item = {
      id: 'onramp:portico-pay:1',
      metadata: {
        operationType: 'buy',
        hash: '0x1',
        minedAt: '2026-11-23T10:00:00.000Z',
        sentFrom: '',
        sentTo: ADDRESS,
        status: 'confirmed' as const,
        nonce: 0,
        chain: 'eip155:31337' as const,
      },
      transfers: [
        {
          direction: 'in' as const,
          quantity: { decimals: '18', numeric: '0.0326' },
          fungible_info: { symbol: 'ETH' },
        },
      ],
    }
    const api = setup({
      fetchHistory: vi.fn(async (p: { onramp?: string }) => ({
        data: p.onramp === 'portico-pay' ? [item] : [],
        next: null,
      })),
    })
    expect(await screen.findByText('Bought 0.0326 ETH with Portico Pay')).toBeTruthy()
    expect(api.fetchHistory).toHaveBeenCalledWith({
      account: ADDRESS,
      chainId: 'eip155:31337',
      onramp: 'demo-ramp',
    })
  })
})
