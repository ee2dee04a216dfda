// Reown AppKit's documented minimal React + wagmi app: WagmiAdapter, createAppKit, <appkit-button>.

import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { http, WagmiProvider } from 'wagmi'
import { devnet, projectId, rpcUrl } from '../../chain.ts'

const networks: [typeof devnet] = [devnet]
const wagmiAdapter = new WagmiAdapter({ networks, projectId, transports: { [devnet.id]: http(rpcUrl) } })
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'Peer bench', description: 'Peer bench', url: location.origin, icons: [] },
})
const queryClient = new QueryClient()

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': Record<string, unknown>
    }
  }
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
