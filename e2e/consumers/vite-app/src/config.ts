import { defineNetwork, type ModalOptions } from '@portico/kernel'

/** The e2e stack's addresses come in the query string, so one build serves any stack. */
const query = new URLSearchParams(window.location.search)
const chainId = Number(query.get('chainId') ?? 31337)
const apiUrl = query.get('api') ?? 'http://127.0.0.1:4180'

export const recipient = query.get('to') ?? undefined

export const options: ModalOptions = {
  // The stack's dev project, which lists this app's origin (PORTICO_APP_ORIGINS).
  projectId: 'portico-dev',
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
  authFrameUrl: query.get('frame') ?? 'http://127.0.0.1:4200/frame',
  enableWalletConnect: false,
  // The remotes `portico-plugins copy public/plugins` put beside the app (the build script): served from
  // its own origin, so no other origin needs allowing.
  pluginBaseUrl: '/plugins',
  // The plugins this app installs; the others stay off (no remote of theirs is served).
  features: {
    email: true,
    send: true,
    swaps: true,
    socials: false,
    receive: false,
    onramp: false,
    history: false,
    names: false,
  },
}
