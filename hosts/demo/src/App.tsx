import type { ModalOptions } from '@portico/kernel'
import { truncateAddress } from '@portico/kernel'
import { PorticoProvider, useAccount, useModal, useNetwork, useWalletInfo } from '@portico/kernel/react'

function AccountButton() {
  const { open } = useModal()
  const { isConnected, address, balance, balanceSymbol, status } = useAccount()
  if (!isConnected || !address) {
    return (
      <button type="button" className="demo" onClick={() => open()} disabled={status === 'reconnecting'}>
        {status === 'reconnecting' ? 'Reconnecting…' : 'Connect Wallet'}
      </button>
    )
  }
  return (
    <button type="button" className="demo" aria-label="Open account" onClick={() => open()}>
      {truncateAddress(address)} · {balance ?? '…'} {balanceSymbol}
    </button>
  )
}

function ThemeToggle() {
  const { themeMode, setThemeMode } = useModal()
  const next = themeMode === 'dark' ? 'light' : 'dark'
  return (
    <button type="button" className="demo secondary" onClick={() => setThemeMode(next)}>
      Switch to {next} theme
    </button>
  )
}

function ConnectionStatus() {
  const { status, address, balance, balanceSymbol } = useAccount()
  const { network } = useNetwork()
  const { walletInfo } = useWalletInfo()
  return (
    <section aria-labelledby="status-title">
      <h2 id="status-title">Connection status</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{status}</dd>
        <dt>Wallet</dt>
        <dd>{walletInfo?.name ?? '—'}</dd>
        <dt>Address</dt>
        <dd>{address ?? '—'}</dd>
        <dt>Network</dt>
        <dd>{network?.name ?? '—'}</dd>
        <dt>Balance</dt>
        <dd>{balance === undefined ? '—' : `${balance} ${balanceSymbol ?? ''}`}</dd>
      </dl>
    </section>
  )
}

export function App({ options }: { options: ModalOptions }) {
  return (
    <PorticoProvider options={options}>
      <main>
        <header>
          <h1>Portico demo</h1>
          <div style={{ display: 'flex', gap: 8 }}>
            <ThemeToggle />
            <AccountButton />
          </div>
        </header>
        <ConnectionStatus />
      </main>
    </PorticoProvider>
  )
}
