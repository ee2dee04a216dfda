/**
 * The swap's gas when it runs right after its approval, in one EIP-5792 batch: the router's
 * allowance is not on chain yet, so eth_estimateGas of the swap alone would revert. The approval and
 * the swap are simulated together in one block (eth_simulateV1, the preview's simulation) and the
 * swap's own gas used is what the estimate would have said.
 */
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { decodeRevert } from '../preview/revert.ts'
import { simulateCalls } from '../preview/simulate.ts'

export interface SwapAfterApproval {
  rpcUrl: string
  user: Address
  token: Address
  router: Address
  amount: bigint
  swap: { data: Hex; value: bigint }
}

/** Thrown when the swap reverts even with the allowance: the build answers 400 with `reason`. */
export class SwapWouldFail extends Error {}

export async function gasAfterApproval(batch: SwapAfterApproval): Promise<bigint> {
  const approve = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [batch.router, batch.amount],
  })
  const [approval, swap] = await simulateCalls(batch.rpcUrl, batch.user, [
    { to: batch.token, value: 0n, data: approve },
    { to: batch.router, value: batch.swap.value, data: batch.swap.data },
  ])
  for (const [call, what] of [
    [approval, 'the approval'],
    [swap, 'the swap'],
  ] as const) {
    if (call?.success) continue
    const reason = call ? decodeRevert(call.returnData).reason : undefined
    throw new SwapWouldFail(`${what} reverts${reason ? `: ${reason}` : ''}`)
  }
  return swap?.gasUsed ?? 0n
}
