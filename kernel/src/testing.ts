/** Test only: fixtures shared by the kernel's unit tests. */
import type { Features, Network } from '@portico/shared-types'

/** An eip155 network with no RPC, so nothing reaches a chain unless a test says so. */
export function localNetwork(id = 31337, name = 'Local'): Network {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    name,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}

/** Every plugin feature off: a modal of the kernel alone. */
export const NO_PLUGINS: Partial<Features> = {
  email: false,
  socials: false,
  swaps: false,
  send: false,
  receive: false,
  onramp: false,
  history: false,
  names: false,
}
