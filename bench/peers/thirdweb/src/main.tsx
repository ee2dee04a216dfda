// thirdweb's documented minimal app: createThirdwebClient, ThirdwebProvider, ConnectButton on one chain.

import { createRoot } from 'react-dom/client'
import { createThirdwebClient, defineChain } from 'thirdweb'
import { ConnectButton, ThirdwebProvider } from 'thirdweb/react'
import { devnet, projectId, rpcUrl } from '../../chain.ts'

// A client id is required; nothing reaches thirdweb's hosted services here (the bench blocks them).
const client = createThirdwebClient({ clientId: projectId })
const chain = defineChain({
  id: devnet.id,
  name: devnet.name,
  rpc: rpcUrl,
  nativeCurrency: devnet.nativeCurrency,
})

// The wide modal: its first screen lists the wallets, the injected one included (as the other peers'
// modals do); the compact one shows sign-in first and the wallets a click later.
createRoot(document.getElementById('root') as HTMLElement).render(
  <ThirdwebProvider>
    <ConnectButton client={client} chain={chain} chains={[chain]} connectModal={{ size: 'wide' }} />
  </ThirdwebProvider>,
)
