/** The Send and Review Send views on eip155 (and the form's messages on other namespaces). */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ETH,
  FROM,
  gasApi,
  SOL_ADDRESS,
  TO,
  transferOf,
  USDC,
  USDC_CONTRACT,
  wallet,
} from '../test/sendTesting.ts'
import { PreviewView } from './PreviewView.tsx'
import { SendView } from './SendView.tsx'
import { sendStore } from './state.ts'

afterEach(cleanup)

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

  it('reads the balances past the cache when the form shows, once per account and network', async () => {
    const { ctx } = setup()
    const { rerender } = render(<SendView ctx={ctx} params={{}} />)
    expect(await screen.findByRole('button', { name: 'Token: ETH, balance 1.000 ETH' })).toBeTruthy()
    expect(ctx.account.refreshBalance).toHaveBeenCalledTimes(1)
    rerender(<SendView ctx={ctx} params={{}} />)
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } })
    expect(ctx.account.refreshBalance).toHaveBeenCalledTimes(1)
  })

  it('on Solana, bad input shows the behaviour §5 Solana message', async () => {
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

  it('a namespace the send form does not serve shows Unsupported chain (behaviour §8)', () => {
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
