/** Chain namespaces of behaviour §3. */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122'

export const CHAIN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122']

/** `namespace:chainId`, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** `namespace:chainId:address`, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface ParsedCaipAddress {
  namespace: ChainNamespace
  chainId: string
  address: string
}
