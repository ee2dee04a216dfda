// The local devnet chain every peer app is configured with (the bench writes window.__PEER__). No
// imports: this file sits outside the peers' node_modules, so it must not pull in a second viem.

declare global {
  interface Window {
    __PEER__?: { chainId: number; rpcUrl: string }
  }
}

const peer = window.__PEER__ ?? { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }

export const devnet = {
  id: peer.chainId,
  name: 'Portico Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [peer.rpcUrl] } },
} as const

export const rpcUrl = peer.rpcUrl
/** A WalletConnect project id is required by the peers' default configs; nothing reaches a hosted relay here. */
export const projectId = 'portico-bench-peers'
