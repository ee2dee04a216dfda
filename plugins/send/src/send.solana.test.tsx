/** SOL send through the Send and Review Send views: the kernel's Solana helpers over a scripted RPC. */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ETH } from '../test/sendTesting.ts'
import { PreviewView } from './PreviewView.tsx'
import { SendView } from './SendView.tsx'
import { sendStore } from './state.ts'

afterEach(cleanup)

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

  it('a failed Solana send shows the behaviour reference message', async () => {
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
