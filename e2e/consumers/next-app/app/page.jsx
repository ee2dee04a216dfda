'use client'
import { useAccount, useModal, useNetwork } from '@portico/kernel/react'
import { useSignMessage, useAccount as useWagmiAccount } from 'wagmi'

export default function Page() {
  const { open } = useModal()
  const { status, address, isConnected } = useAccount()
  const { network } = useNetwork()
  const wagmi = useWagmiAccount()
  const sign = useSignMessage()
  return (
    <main>
      <h1>Next.js consumer</h1>
      <button type="button" onClick={() => open()}>
        {isConnected ? 'Account' : 'Connect Wallet'}
      </button>
      <p>
        Account: <output aria-label="Account">{`${status} ${address ?? '-'} ${network?.name ?? '-'}`}</output>
      </p>
      <p>
        wagmi: <output aria-label="wagmi account">{`${wagmi.status} ${wagmi.address ?? '-'}`}</output>
      </p>
      <button
        type="button"
        disabled={!wagmi.isConnected}
        onClick={() => sign.signMessage({ message: 'Hello from Next.js' })}
      >
        Sign message
      </button>
      <p>
        wagmi signature:{' '}
        <output aria-label="wagmi signature">{sign.data ?? sign.error?.message ?? '-'}</output>
      </p>
    </main>
  )
}
