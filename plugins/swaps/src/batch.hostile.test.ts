/** The swap built to follow its approval passes the same checks as any swap: a hostile API gets no batch. */
import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { approvalPending, NET, ROUTER, setup, USER } from '../test/swapsTesting.ts'

const ATOMIC = { '0x7a69': { atomic: { status: 'supported' } } }

describe('a hostile API’s batched swap', () => {
  it.each([
    ['takes ETH for a token swap', { value: '1' }],
    ['is from another account', { from: `${NET}:${ROUTER}` }],
    ['runs on another chain', { to: `eip155:1:${ROUTER}` }],
    ['has an unbounded gas limit', { eip155: { gas: '30000001', gasPrice: '1' } }],
  ])('that %s is never sent: the approval alone is offered', async (_, tx) => {
    const t = setup({ capabilities: ATOMIC })
    t.api.convertBuildTransaction.mockResolvedValueOnce({
      tx: {
        from: `${NET}:${USER}`,
        to: `${NET}:${ROUTER}`,
        data: '0x38ed1739',
        value: '0',
        eip155: { gas: '200000', gasPrice: '1' },
        ...tx,
      },
    })
    await approvalPending(t)
    await waitFor(() => expect(t.state().loadingBuildTransaction).toBe(false))
    expect(t.api.convertBuildTransaction).toHaveBeenCalledWith(
      expect.objectContaining({ afterApproval: true }),
    )
    expect(t.state().swapTransaction).toBeUndefined()
    expect(t.state().batchApproval).toBe(false)
    await t.session.executor.swap()
    expect(t.batches).toEqual([])
    expect(t.sent).toEqual([])
  })
})
