'use client'
import { defineNetwork } from '@portico/kernel'
import { PorticoProvider } from '@portico/kernel/react'
import { cookieStorage } from '@portico/kernel/ssr'

export function Providers({ config, initialState, children }) {
  const options = {
    projectId: 'consumer-next',
    networks: [
      defineNetwork({
        id: config.chainId,
        chainNamespace: 'eip155',
        name: 'Portico Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: config.rpcUrl,
        testnet: true,
      }),
    ],
    apiUrl: config.apiUrl,
    walletDirectoryUrl: config.apiUrl,
    enableWalletConnect: false,
    storage: cookieStorage,
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
  return (
    <PorticoProvider options={options} initialState={initialState}>
      {children}
    </PorticoProvider>
  )
}
