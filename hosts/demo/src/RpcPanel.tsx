import { useAccount, useModalHandle } from '@portico/kernel/react'
import { useState } from 'react'

export const PROVIDER_MESSAGE = 'Signed through getProvider()'

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

const describe = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return typeof code === 'number' ? `${message} (code ${code})` : message
}

/**
 * Requests through Portico's request pipeline: eth_sign through the handle (refused by the behaviour §5
 * allow-list) and personal_sign through handle.getProvider() (the EIP-1193 provider for ethers/wagmi).
 */
export function RpcPanel() {
  const handle = useModalHandle()
  const { isConnected, address, namespace } = useAccount()
  const [ethSign, setEthSign] = useState('—')
  const [providerSign, setProviderSign] = useState('—')
  if (!isConnected || !address || namespace !== 'eip155') return null
  const callEthSign = async () => {
    setEthSign('…')
    try {
      const digest = `0x${'11'.repeat(32)}`
      setEthSign(`signed: ${await handle.request<string>({ method: 'eth_sign', params: [address, digest] })}`)
    } catch (error) {
      setEthSign(`rejected: ${describe(error)}`)
    }
  }
  const callProviderSign = async () => {
    setProviderSign('…')
    try {
      const provider = handle.getProvider()
      const [account] = (await provider.request({ method: 'eth_accounts' })) as string[]
      const signature = await provider.request({
        method: 'personal_sign',
        params: [utf8Hex(PROVIDER_MESSAGE), account],
      })
      setProviderSign(String(signature))
    } catch (error) {
      setProviderSign(`rejected: ${describe(error)}`)
    }
  }
  return (
    <section aria-labelledby="rpc-title">
      <h2 id="rpc-title">RPC requests</h2>
      <button type="button" className="demo secondary" onClick={callEthSign}>
        Call eth_sign
      </button>
      <p>
        eth_sign: <output aria-label="eth_sign result">{ethSign}</output>
      </p>
      <button type="button" className="demo secondary" onClick={callProviderSign}>
        Sign with getProvider
      </button>
      <p>
        getProvider signature: <output aria-label="getProvider signature">{providerSign}</output>
      </p>
    </section>
  )
}
