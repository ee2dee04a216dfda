import type { SolanaChain } from './chain.ts'
import type { RpcHandler } from './jsonRpc.ts'
import { queryMethods } from './queryMethods.ts'
import { transactionMethods } from './transactionMethods.ts'

/** Every HTTP JSON-RPC method the local Solana node answers; anything else is -32601. */
export function solanaRpcMethods(chain: SolanaChain): Record<string, RpcHandler> {
  return { ...queryMethods(chain), ...transactionMethods(chain) }
}

export const SOLANA_RPC_METHODS = Object.keys(
  solanaRpcMethods(null as unknown as SolanaChain),
).sort() as readonly string[]
