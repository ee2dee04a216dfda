/** A send on a network the app sponsors (ERC-7677 paymasterServices) through a wallet that takes it. */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FROM, gasApi, TO, transferOf, USDC, USDC_CONTRACT, wallet } from '../test/sendTesting.ts'
import { PreviewView } from './PreviewView.tsx'
import { sendStore } from './state.ts'

afterEach(cleanup)

const PAYMASTER = 'http://127.0.0.1:4180/v1/paymaster/portico-dev'
const SPONSORING = { '0x7a69': { paymasterService: { supported: true } } }
const HASH = `0x${'cd'.repeat(32)}`

function setup(overrides: Record<string, unknown>) {
  const provider = wallet(0n, { wallet_getCapabilities: SPONSORING, ...overrides })
  const state = connectedState(FROM, { tokenBalance: [USDC] })
  state.options = { ...state.options, paymasterServices: { 'eip155:31337': PAYMASTER } }
  const { ctx } = fakeContext(state, {
    services: { api: gasApi(1) },
    account: { get: vi.fn(), provider: () => provider, refreshBalance: vi.fn(async () => {}) },
  })
  sendStore(ctx).update((draft) => {
    draft.token = USDC
    draft.sendTokenAmount = '2'
    draft.receiverAddress = TO
  })
  return { ctx, provider }
}

describe('sponsored send', () => {
  it('goes as wallet_sendCalls with the app’s paymaster URL; balances refresh once the batch is confirmed', async () => {
    const { ctx, provider } = setup({
      wallet_sendCalls: { id: HASH },
      wallet_getCallsStatus: { status: 200, receipts: [{ status: '0x1', transactionHash: HASH }] },
    })
    render(<PreviewView ctx={ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Transaction started'))
    const sent = provider.request.mock.calls.find(
      ([call]) => call.method === 'wallet_sendCalls',
    )?.[0] as unknown as {
      params: [
        { calls: { to: string; data: `0x${string}` }[]; capabilities: unknown; atomicRequired: boolean },
      ]
    }
    expect(sent.params[0].capabilities).toEqual({ paymasterService: { url: PAYMASTER } })
    expect(sent.params[0].atomicRequired).toBe(false)
    expect(sent.params[0].calls).toHaveLength(1)
    expect(sent.params[0].calls[0]?.to).toBe(USDC_CONTRACT)
    expect(transferOf(sent.params[0].calls[0]?.data)).toEqual({
      functionName: 'transfer',
      args: [TO, 2_000_000n],
    })
    expect(provider.request.mock.calls.some(([call]) => call.method === 'eth_sendTransaction')).toBe(false)
    expect(ctx.router.reset).toHaveBeenCalledWith('Account')
    await waitFor(() => expect(ctx.account.refreshBalance).toHaveBeenCalled())
  })

  it('a refusal by the sponsor shows its message; a declined one, Something went wrong', async () => {
    const refused = Object.assign(new Error('Daily sponsored gas limit reached'), { code: -32603 })
    const { ctx } = setup({ wallet_sendCalls: refused })
    render(<PreviewView ctx={ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.error).toHaveBeenCalledWith('Daily sponsored gas limit reached'))
    expect(ctx.router.reset).not.toHaveBeenCalled()
    cleanup()

    const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const other = setup({ wallet_sendCalls: declined })
    render(<PreviewView ctx={other.ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
    await waitFor(() => expect(other.ctx.toast.error).toHaveBeenCalledWith('Something went wrong'))
  })
})
