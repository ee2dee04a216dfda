'use client'
import { defineNetwork } from '@portico/kernel'
import { PorticoProvider, useModalHandle } from '@portico/kernel/react'
import { cookieStorage } from '@portico/kernel/ssr'
import { porticoConnector, toViemChain } from '@portico/kernel/wagmi'
import { email } from '@portico/plugin-email'
import { send } from '@portico/plugin-send'
import { swaps } from '@portico/plugin-swaps'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createConfig, http, WagmiProvider } from 'wagmi'

/**
 * wagmi beside Portico in an App Router app: the config is made in the client component (once), with
 * Portico's connector over the provider's lazy modal handle, so nothing reaches the modal while the
 * server renders; `ssr: true` lets wagmi reconnect after hydration.
 */
function WagmiBridge({ network, children }) {
  const modal = useModalHandle()
  const [config] = useState(() => {
    const chain = toViemChain(network)
    return createConfig({
      ssr: true,
      multiInjectedProviderDiscovery: false,
      chains: [chain],
      connectors: [porticoConnector({ modal })],
      transports: { [chain.id]: http(chain.rpcUrls.default.http[0]) },
    })
  })
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
}

export function Providers({ config, initialState, children }) {
  const network = defineNetwork({
    id: config.chainId,
    chainNamespace: 'eip155',
    name: 'Portico Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: config.rpcUrl,
    testnet: true,
  })
  const options = {
    // The stack's dev project, which lists this app's origin (PORTICO_APP_ORIGINS).
    projectId: 'portico-dev',
    networks: [network],
    apiUrl: config.apiUrl,
    walletDirectoryUrl: config.apiUrl,
    authFrameUrl: config.authFrameUrl,
    enableWalletConnect: false,
    storage: cookieStorage,
    // Bundled mode: the plugins are in the app's bundle, no remote is fetched.
    plugins: { email, send, swaps },
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
  return (
    <PorticoProvider options={options} initialState={initialState}>
      <WagmiBridge network={network}>{children}</WagmiBridge>
    </PorticoProvider>
  )
}
