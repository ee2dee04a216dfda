/**
 * The @solana/kit RPC pieces the solana adapter needs, imported by name so the lazy chunk stays
 * small (about 8 KB gzip against about 72 KB for @solana/web3.js v1's Connection).
 */
import { address, createSolanaRpc } from '@solana/kit'

const clients = new Map<string, ReturnType<typeof createSolanaRpc>>()

function clientFor(url: string) {
  let client = clients.get(url)
  if (!client) {
    client = createSolanaRpc(url)
    clients.set(url, client)
  }
  return client
}

/** The account's balance in lamports (getBalance). */
export async function readLamports(url: string, owner: string): Promise<bigint> {
  const { value } = await clientFor(url).getBalance(address(owner)).send()
  return value
}
