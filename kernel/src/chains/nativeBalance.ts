import type { ChainNamespace, Network } from '@portico/shared-types'
import { fetchNativeBalance } from './eip155.ts'
import { fetchSolanaBalance } from './solana.ts'

/** Native balance readers of the chains' RPCs by namespace; each loads its chain library on first use. */
export const NATIVE_BALANCE: Partial<
  Record<ChainNamespace, (network: Network, address: string) => Promise<string>>
> = {
  eip155: fetchNativeBalance,
  solana: fetchSolanaBalance,
}
