import type { ModalOptions } from '@portico/kernel'
import { truncateAddress } from '@portico/kernel'
import {
  PorticoProvider,
  useAccount,
  useModal,
  useModalHandle,
  useNetwork,
  useWalletInfo,
} from '@portico/kernel/react'
import { lazy, Suspense, useSyncExternalStore } from 'react'

const ConnectedSections = lazy(() => import('./ConnectedSections.tsx'))

/**
 * The connected account's registered name (the kernel's identity lookup of the address, which returns
 * the names registered to it), or undefined while there is none.
 */
function useAccountName(): string | undefined {
  const handle = useModalHandle()
  return useSyncExternalStore(
    (listener) => handle.subscribe(listener),
    () => {
      const state = handle.getState()
      const namespace = state.networks.activeNamespace
      const account = namespace ? state.accounts[namespace] : undefined
      return account?.status === 'connected' ? (account.profileName ?? undefined) : undefined
    },
    () => undefined,
  )
}

function AccountButton() {
  const { open, preload } = useModal()
  const { isConnected, address, balance, balanceSymbol, status } = useAccount()
  const name = useAccountName()
  if (!isConnected || !address) {
    return (
      <button
        type="button"
        className="demo"
        onClick={() => open()}
        // Loads the kernel body (if the idle preload has not yet) and the plugins before the click.
        onPointerEnter={() => void preload()}
        onFocus={() => void preload()}
        disabled={status === 'reconnecting'}
      >
        {status === 'reconnecting' ? 'Reconnecting…' : 'Connect Wallet'}
      </button>
    )
  }
  return (
    <button type="button" className="demo" onClick={() => open()}>
      <span className="visually-hidden">Open account </span>
      {name ?? truncateAddress(address)} · {balance ?? '…'} {balanceSymbol}
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

/** Whether the sign-in plugin holds a session the verifier accepted (state.signIn.hasSession). */
function useSignedIn(): boolean {
  const handle = useModalHandle()
  return useSyncExternalStore(
    (listener) => handle.subscribe(listener),
    () => handle.getState().signIn?.hasSession === true,
    () => false,
  )
}

function ConnectionStatus() {
  const { status, address, balance, balanceSymbol } = useAccount()
  const signedIn = useSignedIn()
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
        <dt>Sign-in</dt>
        <dd>{signedIn ? 'Signed in' : '—'}</dd>
      </dl>
    </section>
  )
}

/** The signing and RPC sections, fetched once an account is connected (they show nothing before). */
function WhenConnected() {
  const { isConnected } = useAccount()
  if (!isConnected) return null
  return (
    <Suspense fallback={null}>
      <ConnectedSections />
    </Suspense>
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
        <WhenConnected />
      </main>
    </PorticoProvider>
  )
}
