'use client'
import { useAccount, useModal, useNetwork } from '@portico/kernel/react'

export default function Page() {
  const { open } = useModal()
  const { status, address, isConnected } = useAccount()
  const { network } = useNetwork()
  return (
    <main>
      <h1>Next.js consumer</h1>
      <button type="button" onClick={() => open()}>
        {isConnected ? 'Account' : 'Connect Wallet'}
      </button>
      <p>
        Account: <output aria-label="Account">{`${status} ${address ?? '-'} ${network?.name ?? '-'}`}</output>
      </p>
    </main>
  )
}
