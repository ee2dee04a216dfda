import type { Network } from '@portico/shared-types'

let rpc: Promise<typeof import('./eip155Rpc.ts')> | undefined

/** viem loads only when an eip155 action first runs. */
const loadRpc = () => {
  rpc ??= import('./eip155Rpc.ts')
  return rpc
}

/** The native balance as a decimal string in the network's native currency. */
export async function fetchNativeBalance(network: Network, address: string): Promise<string> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`Network ${network.name} has no RPC URL`)
  const { readNativeBalance } = await loadRpc()
  return readNativeBalance(url, address as `0x${string}`, network.nativeCurrency.decimals)
}

export const toHexChainId = (id: number | string) => `0x${Number(id).toString(16)}`

export const parseHexChainId = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return undefined
  const parsed = value.startsWith('0x') ? Number.parseInt(value, 16) : Number.parseInt(value, 10)
  return Number.isFinite(parsed) ? parsed : undefined
}
