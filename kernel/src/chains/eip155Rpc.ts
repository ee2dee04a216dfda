/** The few viem pieces the eip155 adapter needs, imported by name so the lazy chunk stays small. */
import { createClient, formatUnits, http } from 'viem'
import { getBalance } from 'viem/actions'

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
