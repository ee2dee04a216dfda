/** The few viem pieces the eip155 adapter needs, imported by name so the lazy chunk stays small. */
import { createClient, formatUnits, http } from 'viem'
import { call, getBalance } from 'viem/actions'

export function createRpcClient(url: string) {
  return createClient({ transport: http(url, { timeout: 10_000, retryCount: 3, retryDelay: 150 }) })
}

export async function readNativeBalance(
  url: string,
  address: `0x${string}`,
  decimals: number,
): Promise<string> {
  return formatUnits(await getBalance(clientFor(url), { address }), decimals)
}

const clients = new Map<string, ReturnType<typeof createRpcClient>>()

function clientFor(url: string) {
  let client = clients.get(url)
  if (!client) {
    client = createRpcClient(url)
    clients.set(url, client)
  }
  return client
}

/** An eth_call on the network's RPC (the client-side ERC-20 reads of erc20Multicall.ts). */
export const ethCallOn =
  (url: string) =>
  async ({ to, data }: { to: `0x${string}`; data: `0x${string}` }) =>
    (await call(clientFor(url), { to, data })).data
