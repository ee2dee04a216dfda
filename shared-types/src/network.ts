import type { CaipNetworkId, ChainNamespace } from './caip.ts'

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface RpcUrls {
  default: { http: string[]; webSocket?: string[] }
  [key: string]: { http: string[]; webSocket?: string[] }
}

export interface BlockExplorer {
  name: string
  url: string
}

/** A network (behaviour §3): id, caipNetworkId, name, chainNamespace, nativeCurrency, rpcUrls, … */
export interface Network {
  id: number | string
  caipNetworkId: CaipNetworkId
  name: string
  chainNamespace: ChainNamespace
  nativeCurrency: NativeCurrency
  rpcUrls: RpcUrls
  blockExplorers?: { default: BlockExplorer; [key: string]: BlockExplorer }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
  /**
   * eip155: ERC-20 token addresses (at most 1024) whose balances the Tokens tab reads from the chain
   * through Multicall3 when the balance service cannot answer for this network.
   */
  tokens?: string[]
}
