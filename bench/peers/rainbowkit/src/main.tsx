// RainbowKit's documented minimal app: getDefaultConfig, RainbowKitProvider, ConnectButton.
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { http, WagmiProvider } from 'wagmi'
import { devnet, projectId, rpcUrl } from '../../chain.ts'

const config = getDefaultConfig({
  appName: 'Peer bench',
  projectId,
  chains: [devnet],
  transports: { [devnet.id]: http(rpcUrl) },
})
const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
