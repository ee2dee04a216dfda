import { createModal } from '@portico/kernel'
import { PorticoProvider, useModal, useAccount as usePorticoAccount } from '@portico/kernel/react'
import { porticoWagmiConfig } from '@portico/kernel/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { parseEther } from 'viem'
import { useAccount, useSendTransaction, useSignMessage, WagmiProvider } from 'wagmi'
import { options, recipient } from './config.ts'

const modal = createModal(options)
const wagmiConfig = porticoWagmiConfig({ modal })
const queryClient = new QueryClient()

/** ethers v6 over the same EIP-1193 provider (loaded on click: it stays out of the first-load JS). */
async function signWithEthers(message: string): Promise<string> {
  const { BrowserProvider } = await import('ethers')
  const signer = await new BrowserProvider(modal.getProvider()).getSigner()
  return signer.signMessage(message)
}

function EthersSign() {
  const [result, setResult] = useState('-')
  const sign = () =>
    signWithEthers('Hello from ethers').then(setResult, (error: unknown) =>
      setResult(error instanceof Error ? error.message : String(error)),
    )
  return (
    <>
      <button type="button" onClick={sign}>
        Sign with ethers
      </button>
      <p>
        ethers signature: <output aria-label="ethers signature">{result}</output>
      </p>
    </>
  )
}

function App() {
  const { open } = useModal()
  const portico = usePorticoAccount()
  const wagmi = useAccount()
  const send = useSendTransaction()
  const sign = useSignMessage()
  return (
    <main>
      <h1>Vite consumer</h1>
      <button type="button" onClick={() => open()}>
        {portico.isConnected ? 'Account' : 'Connect Wallet'}
      </button>
      <dl aria-label="Accounts">
        <dt>Portico</dt>
        <dd>{`${portico.status} ${portico.address ?? '-'}`}</dd>
        <dt>wagmi</dt>
        <dd>{`${wagmi.status} ${wagmi.address ?? '-'} ${wagmi.chainId ?? '-'}`}</dd>
      </dl>
      <button
        type="button"
        disabled={!recipient || !wagmi.isConnected}
        onClick={() => send.sendTransaction({ to: recipient as `0x${string}`, value: parseEther('0.25') })}
      >
        Send 0.25 ETH
      </button>
      <p>
        Transaction: <output aria-label="Transaction">{send.data ?? send.error?.message ?? '-'}</output>
      </p>
      <button
        type="button"
        disabled={!wagmi.isConnected}
        onClick={() => sign.signMessage({ message: 'Hello from wagmi' })}
      >
        Sign message
      </button>
      <p>
        wagmi signature:{' '}
        <output aria-label="wagmi signature">{sign.data ?? sign.error?.message ?? '-'}</output>
      </p>
      <EthersSign />
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root missing')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider modal={modal}>
          <App />
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
