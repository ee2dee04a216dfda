// ConnectKit's documented minimal app: getDefaultConfig, ConnectKitProvider, ConnectKitButton.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { devnet, projectId, rpcUrl } from '../../chain.ts'

const config = createConfig(
  getDefaultConfig({
    chains: [devnet],
    transports: { [devnet.id]: http(rpcUrl) },
    walletConnectProjectId: projectId,
    appName: 'Peer bench',
  }),
)
const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
