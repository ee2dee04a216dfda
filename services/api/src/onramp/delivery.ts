import { erc20Abi, type Hex, parseEventLogs } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import type { OnrampOrder } from '../db/onrampRepository.ts'
import { NATIVE_ADDRESS } from '../tokens.ts'

/**
 * Why transaction `hash` does not deliver `order` (exactly its amount of its token to its address,
 * in a successful transaction on its chain), or null when it does. Read from the chain, never taken
 * from the caller.
 */
export async function deliveryProblem(
  chains: Map<number, ChainHandle>,
  order: OnrampOrder,
  hash: Hex,
): Promise<string | null> {
  const chain = chains.get(order.chainId)
  if (!chain) return `chain ${order.chainId} is not served`
  const receipt = await chain.client.getTransactionReceipt({ hash }).catch(() => null)
  if (!receipt) return `transaction ${hash} is not mined on eip155:${order.chainId}`
  if (receipt.status !== 'success') return `transaction ${hash} reverted`
  const amount = BigInt(order.cryptoAmount)
  if (order.tokenAddress === NATIVE_ADDRESS) {
    const tx = await chain.client.getTransaction({ hash })
    if (tx.to?.toLowerCase() !== order.address || tx.value !== amount)
      return `transaction ${hash} does not send ${order.cryptoAmount} wei to ${order.address}`
    return null
  }
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
  const paid = transfers.some(
    (log) =>
      log.address.toLowerCase() === order.tokenAddress &&
      log.args.to.toLowerCase() === order.address &&
      log.args.value === amount,
  )
  return paid
    ? null
    : `transaction ${hash} does not transfer ${order.cryptoAmount} ${order.symbol} units to ${order.address}`
}
