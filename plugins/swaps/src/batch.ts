/**
 * behaviour §4 step 4 for a wallet that batches atomically (EIP-5792): with the allowance short, the
 * swap is built too, to run right after its approval in one batch (the API estimates it as following
 * the approval). Any doubt (no capability, an error, a swap that does not pass the checks) leaves the
 * flow as two steps: approve, re-quote, swap.
 */

import type { SwapTokenInfo, SwapTransaction } from '@portico/shared-types'
import { batchesAtomically, type PluginContext, readCallsCapabilities } from '@portico/shared-types/plugin'
import { apiOf } from './reads.ts'
import { swapTransaction } from './transactions.ts'

export interface BatchedSwapRequest {
  address: string
  /** CAIP-2 network id of the swap. */
  caipNetworkId: string
  source: SwapTokenInfo
  toToken: SwapTokenInfo
  units: bigint
  slippage: number
  toTokenAmount: string
}

/** The swap to send with its approval, or undefined when the wallet (or anything else) says two steps. */
export async function swapAfterApproval(
  ctx: PluginContext,
  request: BatchedSwapRequest,
): Promise<SwapTransaction | undefined> {
  const provider = ctx.account.provider('eip155')
  const chainId = request.caipNetworkId.split(':')[1] ?? ''
  if (!provider || !/^\d{1,16}$/.test(chainId)) return undefined
  try {
    const capabilities = await readCallsCapabilities(provider, request.address, Number(chainId))
    if (!batchesAtomically(capabilities)) return undefined
    const response = await apiOf(ctx).convertBuildTransaction({
      amount: request.units.toString(),
      slippage: request.slippage,
      from: request.source.address,
      to: request.toToken.address,
      userAddress: `${request.caipNetworkId}:${request.address}`,
      afterApproval: true,
    })
    return swapTransaction(
      response,
      request.source,
      request.units,
      request.address,
      chainId,
      request.toTokenAmount,
    )
  } catch (error) {
    ctx.log.warn('no batched swap: the approval goes first', error)
    return undefined
  }
}
