import { type Hex, hexToBigInt } from 'viem'
import { invalidParams } from './errors.ts'

export type Rpc = (method: string, params?: unknown) => Promise<unknown>

/** The latest block's base fee; undefined on a chain without EIP-1559. */
export async function latestBaseFee(rpc: Rpc): Promise<bigint | undefined> {
  const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex } | null
  return block?.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : undefined
}

/**
 * EIP-1559 fees: what the dapp gave, else the node's priority fee and a cap of twice the base fee plus
 * it (room for the base fee to rise for a few blocks).
 */
export async function eip1559Fees(
  rpc: Rpc,
  baseFee: bigint,
  given: { maxFeePerGas?: bigint | undefined; maxPriorityFeePerGas?: bigint | undefined } = {},
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const maxPriorityFeePerGas =
    given.maxPriorityFeePerGas ?? hexToBigInt((await rpc('eth_maxPriorityFeePerGas')) as Hex)
  const maxFeePerGas = given.maxFeePerGas ?? baseFee * 2n + maxPriorityFeePerGas
  if (maxFeePerGas < maxPriorityFeePerGas)
    throw invalidParams('maxFeePerGas cannot be lower than maxPriorityFeePerGas')
  return { maxFeePerGas, maxPriorityFeePerGas }
}
