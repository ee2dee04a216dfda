import type { CaipNetworkId, ChainNamespace, Network } from '@portico/shared-types'

/*
 * Apart from the built-in catalogue (catalogue.ts): an app calls this in its own first page, which then
 * carries this function only, not every built-in network.
 */

export interface NetworkInput {
  id: number | string
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: Network['nativeCurrency']
  rpcUrl: string
  explorer?: { name: string; url: string }
  testnet?: boolean
  imageId?: string
  /** eip155 ERC-20 addresses read client-side when the balance service cannot answer
   * (checked when read, in the lazy eip155 chunk: at most 1024, malformed ones skipped with a warning). */
  tokens?: string[]
}

/** Builds a Network from the few facts an app knows about it. */
export function defineNetwork(input: NetworkInput): Network {
  const caipNetworkId = `${input.chainNamespace}:${input.id}` as CaipNetworkId
  return {
    id: input.id,
    caipNetworkId,
    name: input.name,
    chainNamespace: input.chainNamespace,
    nativeCurrency: input.nativeCurrency,
    rpcUrls: { default: { http: [input.rpcUrl] } },
    ...(input.explorer ? { blockExplorers: { default: input.explorer } } : {}),
    testnet: input.testnet ?? false,
    ...(input.imageId ? { assets: { imageId: input.imageId } } : {}),
    ...(input.tokens?.length ? { tokens: input.tokens } : {}),
  }
}
