import { useAccount, useModalHandle } from '@portico/kernel/react'
import { useState } from 'react'

export const SIGN_MESSAGE = 'Hello from the Portico demo'

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** personal_sign through whichever wallet is connected (browser wallet or WalletConnect). */
export function SignMessage() {
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
export function SignSolanaMessage({
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
