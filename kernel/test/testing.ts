/** Test only: fixtures shared by the kernel's unit tests. */
import type { Eip1193Provider, Features, Network } from '@portico/shared-types'

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

/** The first Hardhat/anvil dev address: what announceTestWallet's wallet approves. */
export const TEST_WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * An EIP-6963 wallet ("Test Wallet", rdns test.wallet) that approves at once, on chain 0x7a69 with no
 * RPC (the balance stays unknown); other methods fail with 4200. Returns the function that withdraws it.
 */
export function announceTestWallet(): () => void {
  const provider = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [TEST_WALLET_ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions') return null
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  } as unknown as Eip1193Provider
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: '1', name: 'Test Wallet', icon: 'data:,', rdns: 'test.wallet' }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
