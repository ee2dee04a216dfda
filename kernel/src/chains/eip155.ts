import type { Network } from '@portico/shared-types'

type Viem = typeof import('viem')
let viem: Promise<Viem> | undefined
const clients = new Map<string, ReturnType<Viem['createPublicClient']>>()

/** viem loads only when an eip155 action first runs. */
const loadViem = () => {
  viem ??= import('viem')
  return viem
}

async function publicClient(network: Network) {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`Network ${network.name} has no RPC URL`)
  const { createPublicClient, http } = await loadViem()
  let client = clients.get(url)
  if (!client) {
    client = createPublicClient({ transport: http(url, { timeout: 10_000, retryCount: 3, retryDelay: 150 }) })
    clients.set(url, client)
  }
  return client
}

/** The native balance as a decimal string in the network's native currency. */
export async function fetchNativeBalance(network: Network, address: string): Promise<string> {
  const [{ formatUnits }, client] = await Promise.all([loadViem(), publicClient(network)])
  const wei = await client.getBalance({ address: address as `0x${string}` })
  return formatUnits(wei, network.nativeCurrency.decimals)
}

export const toHexChainId = (id: number | string) => `0x${Number(id).toString(16)}`

export const parseHexChainId = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return undefined
  const parsed = value.startsWith('0x') ? Number.parseInt(value, 16) : Number.parseInt(value, 10)
  return Number.isFinite(parsed) ? parsed : undefined
}
