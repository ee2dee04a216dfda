/** Reads the swap flow makes besides the convert calls: the API client, live native balance, gas price. */

import type { CaipNetworkId } from '@portico/shared-types'
import type { BlockchainApiClient, PluginContext } from '@portico/shared-types/plugin'

export function apiOf(ctx: PluginContext): BlockchainApiClient {
  const client = ctx.services.api
  if (!client) throw new Error('No blockchain API is configured')
  return client
}

/** The native balance from the wallet's node, else `fallback` (the balance API's). */
export async function nativeBalance(ctx: PluginContext, address: string, fallback: bigint): Promise<bigint> {
  try {
    const live = await ctx.account.provider('eip155')?.request({
      method: 'eth_getBalance',
      params: [address, 'latest'],
    })
    if (typeof live === 'string' && /^0x[\da-fA-F]{1,64}$/.test(live)) return BigInt(live)
  } catch (error) {
    ctx.log.warn('could not read the native balance', error)
  }
  return fallback
}

export async function gasPrice(ctx: PluginContext, caipNetworkId: CaipNetworkId): Promise<bigint> {
  try {
    return BigInt((await apiOf(ctx).fetchGasPrice(caipNetworkId)).standard)
  } catch (error) {
    ctx.log.warn('gas price from the API failed; asking the wallet', error)
    const price = await ctx.account.provider('eip155')?.request({ method: 'eth_gasPrice' })
    return typeof price === 'string' ? BigInt(price) : 0n
  }
}
