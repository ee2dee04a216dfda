import type { Network } from '@portico/shared-types'
import { ChainError } from './errors.ts'

let rpc: Promise<typeof import('./eip155Rpc.ts')> | undefined

/** viem loads only when an eip155 action first runs. */
const loadRpc = () => {
  rpc ??= import('./eip155Rpc.ts')
  return rpc
}

/** The native balance as a decimal string in the network's native currency. */
export async function fetchNativeBalance(network: Network, address: string): Promise<string> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new ChainError('NO_RPC_URL', `Network ${network.name} has no RPC URL`)
  const { readNativeBalance } = await loadRpc()
  return readNativeBalance(url, address as `0x${string}`, network.nativeCurrency.decimals)
}

export const toHexChainId = (id: number | string) => `0x${Number(id).toString(16)}`

export const parseHexChainId = (value: unknown): number | undefined => {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^(0x[\da-fA-F]{1,13}|\d{1,16})$/.test(value)
        ? Number(value)
        : Number.NaN
  // A chain id from a wallet: a positive safe integer, never NaN, a fraction or 1e300.
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}
