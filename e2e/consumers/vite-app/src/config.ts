import { defineNetwork, type ModalOptions } from '@portico/kernel'

/** The e2e stack's addresses come in the query string, so one build serves any stack. */
const query = new URLSearchParams(window.location.search)
const chainId = Number(query.get('chainId') ?? 31337)
const apiUrl = query.get('api') ?? 'http://127.0.0.1:4180'

export const recipient = query.get('to') ?? undefined

export const options: ModalOptions = {
  projectId: 'consumer-vite',
  networks: [
    defineNetwork({
      id: chainId,
      chainNamespace: 'eip155',
      name: 'Portico Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: query.get('rpc') ?? 'http://127.0.0.1:8545',
      testnet: true,
    }),
  ],
  apiUrl,
  walletDirectoryUrl: apiUrl,
  enableWalletConnect: false,
  // Only the kernel: no plugin remotes to serve.
  features: {
    email: false,
    socials: false,
    swaps: false,
    send: false,
    receive: false,
    onramp: false,
    history: false,
    names: false,
  },
}
