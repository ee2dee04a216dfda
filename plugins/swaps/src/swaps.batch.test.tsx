/** behaviour §4 with a wallet that batches (EIP-5792): approval and swap as one atomic batch, one press. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { decodeFunctionData, erc20Abi } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  approvalPending,
  emitted,
  NET,
  ROUTER,
  ready,
  setup,
  USDC_CONTRACT,
  USER,
} from '../test/swapsTesting.ts'
import { SwapView } from './SwapView.tsx'

afterEach(cleanup)

const ATOMIC = { '0x7a69': { atomic: { status: 'supported' } } }

describe('swap flow with atomic batches', () => {
  it('USDC → PTT: approval and swap built together, one Swap press, one wallet_sendCalls, no re-quote', async () => {
    const t = setup({ capabilities: ATOMIC })
    await approvalPending(t)
    await waitFor(() => expect(t.state().swapTransaction).toBeDefined())
    expect(t.state().batchApproval).toBe(true)
    expect(t.api.convertBuildTransaction).toHaveBeenCalledWith(
      expect.objectContaining({ from: expect.stringContaining(USDC_CONTRACT), afterApproval: true }),
    )
    render(<SwapView ctx={t.ctx} params={{}} />)
    expect(screen.queryByRole('button', { name: 'Approve USDC' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }))
    await waitFor(() => expect(t.ctx.router.reset).toHaveBeenCalledWith('Account'))

    expect(t.sent).toEqual([])
    expect(t.batches).toHaveLength(1)
    const batch = t.batches[0] as { calls: { to: string; data: `0x${string}`; value: string }[] }
    expect(batch).toMatchObject({ version: '2.0.0', chainId: '0x7a69', from: USER, atomicRequired: true })
    expect(batch.calls.map((call) => call.to)).toEqual([USDC_CONTRACT, ROUTER])
    expect(decodeFunctionData({ abi: erc20Abi, data: batch.calls[0]?.data ?? '0x' }).functionName).toBe(
      'approve',
    )
    // The batch's gas is the wallet's: no per-call gas limit goes with it.
    expect(batch.calls.every((call) => !('gas' in call))).toBe(true)

    expect(vi.mocked(t.ctx.toast.loading).mock.calls.map(([m]) => m)).toEqual([
      'Confirm transaction in your wallet',
      'Swapping 100.000 USDC to 80.000 PTT',
    ])
    expect(t.ctx.toast.success).toHaveBeenCalledTimes(1)
    expect(t.ctx.toast.success).toHaveBeenCalledWith('Swapped 100.000 USDC to 80.000 PTT')
    expect(emitted(t.ctx, 'SWAP_SUCCESS')).toEqual([
      expect.objectContaining({
        network: NET,
        swapFromToken: 'USDC',
        swapToToken: 'PTT',
        swapFromAmount: '100',
      }),
    ])
    expect(t.api.convertQuotes).toHaveBeenCalledTimes(1)
    expect(t.ctx.account.refreshBalance).toHaveBeenCalled()
  })

  it('a batch the wallet reports reverted: Transaction error, SWAP_ERROR, the view stays', async () => {
    const t = setup({ capabilities: ATOMIC, batchStatus: 500 })
    await approvalPending(t)
    await waitFor(() => expect(t.state().batchApproval).toBe(true))
    await t.session.executor.swap()
    expect(t.ctx.toast.error).toHaveBeenCalledWith('Transaction error')
    expect(emitted(t.ctx, 'SWAP_ERROR')).toEqual([
      expect.objectContaining({ swapFromToken: 'USDC', message: 'Transaction error' }),
    ])
    expect(emitted(t.ctx, 'SWAP_APPROVAL_ERROR')).toEqual([])
    expect(t.ctx.router.reset).not.toHaveBeenCalled()
  })

  it('a declined batch: the wallet’s message and SWAP_ERROR', async () => {
    const t = setup({ capabilities: ATOMIC })
    await approvalPending(t)
    await waitFor(() => expect(t.state().batchApproval).toBe(true))
    t.rejectWith(new Error('User rejected the request.'))
    await t.session.executor.swap()
    expect(t.ctx.toast.error).toHaveBeenCalledWith('User rejected the request.')
    expect(emitted(t.ctx, 'SWAP_ERROR')).toEqual([
      expect.objectContaining({ message: 'User rejected the request.' }),
    ])
  })

  it('two steps when the wallet cannot batch, or the swap cannot be built ahead of its approval', async () => {
    for (const t of [
      setup({ capabilities: { '0x7a69': { atomic: { status: 'unsupported' } } } }),
      setup(),
      (() => {
        const failing = setup({ capabilities: ATOMIC })
        failing.api.convertBuildTransaction.mockRejectedValueOnce(new Error('The swap would fail'))
        return failing
      })(),
    ]) {
      await approvalPending(t)
      expect(t.state().swapTransaction).toBeUndefined()
      expect(t.state().batchApproval).toBe(false)
      render(<SwapView ctx={t.ctx} params={{}} />)
      expect(screen.getByRole('button', { name: 'Approve USDC' })).toBeTruthy()
      cleanup()
    }
  })

  it('a paymaster configured for the network and a wallet that takes one: the swap goes sponsored', async () => {
    const t = setup({ capabilities: { '0x7a69': { paymasterService: { supported: true } } } })
    const url = 'https://paymaster.example/v1/portico-dev'
    Object.assign(t.ctx, { config: { ...t.ctx.config, paymasterServices: { [NET]: url } } })
    await ready(t)
    await t.session.executor.swap()
    expect(t.sent).toEqual([])
    expect(t.batches).toEqual([
      expect.objectContaining({
        atomicRequired: false,
        calls: [expect.objectContaining({ to: ROUTER })],
        capabilities: { paymasterService: { url } },
      }),
    ])
    expect(t.ctx.toast.success).toHaveBeenCalledWith(expect.stringMatching(/^Swapped 1\.000 ETH to /))
  })
})
