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
import { useState, useSyncExternalStore } from 'react'
import { RpcPanel } from './RpcPanel.tsx'

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

export const SIGN_MESSAGE = 'Hello from the Portico demo'

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** personal_sign through whichever wallet is connected (browser wallet or WalletConnect). */
function SignMessage() {
  const handle = useModalHandle()
  const { isConnected, address, namespace } = useAccount()
  const [result, setResult] = useState<{ signature?: string; error?: string } | null>(null)
  const [busy, setBusy] = useState(false)
  if (!isConnected || !address || namespace !== 'eip155') return null
  const sign = async () => {
    setBusy(true)
    setResult(null)
    try {
      const signature = await handle.request<string>({
        method: 'personal_sign',
        params: [utf8Hex(SIGN_MESSAGE), address],
      })
      setResult({ signature })
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <p>
        Message: <code>{SIGN_MESSAGE}</code>
      </p>
      <button type="button" className="demo" onClick={sign} disabled={busy}>
        {busy ? 'Signing…' : 'Sign message'}
      </button>
      <p>
        Signature: <output aria-label="Signature">{result?.signature ?? result?.error ?? '—'}</output>
      </p>
    </section>
  )
}

/**
 * handle.signMessage through the connected Solana wallet (solana:signMessage: a base58 ed25519
 * signature) or Bitcoin wallet (bitcoin:signMessage: a base64 signed-message signature).
 */
function SignSolanaMessage({
  chain = 'solana',
  label = 'Solana',
}: {
  chain?: 'solana' | 'bip122'
  label?: string
}) {
  const handle = useModalHandle()
  const { isConnected, address, namespace } = useAccount()
  const [result, setResult] = useState<{ signature?: string; error?: string } | null>(null)
  const [busy, setBusy] = useState(false)
  if (!isConnected || !address || namespace !== chain) return null
  const sign = async () => {
    setBusy(true)
    setResult(null)
    try {
      setResult({ signature: await handle.signMessage(SIGN_MESSAGE) })
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby={`sign-${chain}-title`}>
      <h2 id={`sign-${chain}-title`}>Sign a {label} message</h2>
      <p>
        Message: <code>{SIGN_MESSAGE}</code>
      </p>
      <button type="button" className="demo" onClick={sign} disabled={busy}>
        {busy ? 'Signing…' : `Sign ${label} message`}
      </button>
      <p>
        Signature:{' '}
        <output aria-label={`${label} signature`}>{result?.signature ?? result?.error ?? '—'}</output>
      </p>
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
        <SignMessage />
        <SignSolanaMessage />
        <SignSolanaMessage chain="bip122" label="Bitcoin" />
        <RpcPanel />
      </main>
    </PorticoProvider>
  )
}
