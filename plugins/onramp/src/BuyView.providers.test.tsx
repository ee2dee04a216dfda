import { connectedState, fakeContext } from '@portico/plugin-testing'
import type {
  OnrampOptionsResponse,
  OnrampProviderInfo,
  OnrampQuoteRequest,
  OnrampUrlRequest,
} from '@portico/shared-types/api'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BuyView } from './BuyView.tsx'

/** The Buy view offers the providers GET /v1/onramp/options names for the current network. */
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const limits = [{ id: 'card', min: '10.00', max: '7500.00' }]
const network = (chainId: number) => ({
  name: `eip155:${chainId}`,
  display_name: `Chain ${chainId}`,
  chain_id: String(chainId),
  contract_address: '',
})
const SANDBOX: OnrampProviderInfo[] = [
  { id: 'portico-pay', name: 'Portico Pay', quotes: true, networks: ['eip155:31337'] },
  { id: 'demo-ramp', name: 'Demo Ramp', quotes: true, networks: ['eip155:31337'] },
]
const MOONPAY: OnrampProviderInfo = { id: 'moonpay', name: 'MoonPay', quotes: false, networks: ['eip155:1'] }
const optionsWith = (providers: OnrampProviderInfo[], chainIds: number[]): OnrampOptionsResponse => ({
  purchaseCurrencies: [{ id: 'eth', name: 'Ether', symbol: 'ETH', networks: chainIds.map(network) }],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: limits }],
  providers,
})
const SIGNED = 'https://buy-sandbox.moonpay.com/?apiKey=pk_test_x&currencyCode=eth&signature=abc%3D'

function setup(options: OnrampOptionsResponse, chain: { id: number; name: string }) {
  const api = {
    onrampOptions: vi.fn(async () => options),
    onrampQuote: vi.fn(async (p: OnrampQuoteRequest) => ({
      coinbaseFee: { amount: '1.50', currency: p.paymentCurrency },
      networkFee: { amount: '0.50', currency: p.paymentCurrency },
      paymentSubtotal: { amount: '98.00', currency: p.paymentCurrency },
      paymentTotal: { amount: p.amount, currency: p.paymentCurrency },
      purchaseAmount: { amount: '0.0326', currency: 'ETH' },
      quoteId: `${p.provider}:1`,
    })),
    onrampUrl: vi.fn(async (_p: OnrampUrlRequest) => ({ url: SIGNED })),
    fetchHistory: vi.fn(async (_p: { onramp?: string }) => ({ data: [] as unknown[], next: null })),
  }
  const state = connectedState(ADDRESS)
  const eip155 = state.networks.byNamespace.eip155
  if (eip155?.caipNetwork)
    eip155.caipNetwork = {
      ...eip155.caipNetwork,
      id: chain.id,
      caipNetworkId: `eip155:${chain.id}`,
      name: chain.name,
    }
  const { ctx } = fakeContext(state, { services: { api: api as unknown as BlockchainApiClient } })
  render(<BuyView ctx={ctx} params={{}} />)
  return api
}

describe('the Buy view lists the providers the API has', () => {
  it('sandbox only: quotes its providers on the devnet in the API order, nothing else', async () => {
    const api = setup(optionsWith(SANDBOX, [31337]), { id: 31337, name: 'Local' })
    await screen.findByRole('button', { name: /^Buy with Portico Pay/ })
    const rows = screen.getAllByRole('button', { name: /^(Buy|Continue) with/ })
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Buy with Portico Pay/),
      expect.stringMatching(/^Buy with Demo Ramp/),
    ])
    expect(api.onrampQuote.mock.calls.map(([p]) => p.provider)).toEqual(['portico-pay', 'demo-ramp'])
    await waitFor(() =>
      expect(api.fetchHistory.mock.calls.map(([p]) => p.onramp)).toEqual(['portico-pay', 'demo-ramp']),
    )
  })

  it('MoonPay only on mainnet: no quote asked, and Continue opens its signed URL', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const api = setup(optionsWith([MOONPAY], [1]), { id: 1, name: 'Ethereum' })
    const row = await screen.findByRole('button', {
      name: /^Continue with MoonPay\s*MoonPay shows the price and fees on its own page$/,
    })
    expect(screen.queryByText('Getting quotes')).toBeNull()
    expect(api.onrampQuote).not.toHaveBeenCalled()
    fireEvent.click(row)
    await waitFor(() => expect(open).toHaveBeenCalledWith(SIGNED, '_blank', 'noopener,noreferrer'))
    expect(api.onrampUrl).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'moonpay', defaultNetwork: 'eip155:1', presetFiatAmount: 100 }),
    )
    expect((await screen.findByRole('status')).textContent).toMatch(
      /Complete the payment in the MoonPay window/,
    )
    expect(api.onrampQuote).not.toHaveBeenCalled()
  })

  it('offers only the providers of the current network when the API has several', async () => {
    const api = setup(optionsWith([...SANDBOX, MOONPAY], [31337, 1]), { id: 1, name: 'Ethereum' })
    await screen.findByRole('button', { name: /^Continue with MoonPay/ })
    expect(screen.queryByRole('button', { name: /Portico Pay|Demo Ramp/ })).toBeNull()
    expect(api.onrampQuote).not.toHaveBeenCalled()
  })

  it('no provider on this network: says so and asks for no quote or page', async () => {
    const api = setup(optionsWith(SANDBOX, [31337]), { id: 1, name: 'Ethereum' })
    expect(await screen.findByText('No provider sells crypto on Ethereum yet.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /with/ })).toBeNull()
    expect(api.onrampQuote).not.toHaveBeenCalled()
    expect(api.onrampUrl).not.toHaveBeenCalled()
  })

  it('an API with no provider at all: the same message', async () => {
    setup(optionsWith([], []), { id: 31337, name: 'Local' })
    expect(await screen.findByText('No provider sells crypto on Local yet.')).toBeTruthy()
  })
})
