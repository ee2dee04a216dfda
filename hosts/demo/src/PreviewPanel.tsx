import { useAccount, useModalHandle } from '@portico/kernel/react'
import { useId, useState } from 'react'

/** Who receives the panel's transfers and approvals: fixed, so e2e can read its balance on chain. */
export const PREVIEW_RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const MAX_UINT256 = `0x${'f'.repeat(64)}`

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')
/** ERC-20 calldata without a library: selector + 32-byte words. */
const approveData = (spender: string, amount: string) => `0x095ea7b3${word(spender)}${word(amount)}`
const transferData = (to: string, amount: string) => `0xa9059cbb${word(to)}${word(amount)}`

const describe = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return typeof code === 'number' ? `${message} (code ${code})` : message
}

/**
 * Transactions through getProvider() that the transaction preview describes before the wallet sees them:
 * an unlimited ERC-20 approval, a transfer of one whole token (18 decimals) given by its contract (e2e deploys an unlisted
 * fake "USDC"), a transfer that reverts, and a plain ETH send.
 */
export function PreviewPanel() {
  const handle = useModalHandle()
  const { isConnected, address, namespace } = useAccount()
  const tokenFieldId = useId()
  const [token, setToken] = useState('')
  const [result, setResult] = useState('—')
  if (!isConnected || !address || namespace !== 'eip155') return null
  const send = async (tx: Record<string, string>) => {
    setResult('…')
    try {
      const hash = await handle
        .getProvider()
        .request({ method: 'eth_sendTransaction', params: [{ from: address, ...tx }] })
      setResult(String(hash))
    } catch (error) {
      setResult(`rejected: ${describe(error)}`)
    }
  }
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">Transaction preview</h2>
      <label htmlFor={tokenFieldId}>Token contract</label>
      <input id={tokenFieldId} value={token} onChange={(event) => setToken(event.target.value.trim())} />
      <button
        type="button"
        className="demo secondary"
        onClick={() => send({ to: token, data: approveData(PREVIEW_RECIPIENT, MAX_UINT256) })}
      >
        Approve unlimited
      </button>
      <button
        type="button"
        className="demo secondary"
        onClick={() => send({ to: token, data: transferData(PREVIEW_RECIPIENT, '0xde0b6b3a7640000') })}
      >
        Transfer 1 token
      </button>
      <button
        type="button"
        className="demo secondary"
        onClick={() => send({ to: token, data: transferData(PREVIEW_RECIPIENT, MAX_UINT256) })}
      >
        Transfer more than the balance
      </button>
      <button
        type="button"
        className="demo secondary"
        onClick={() => send({ to: PREVIEW_RECIPIENT, value: '0x38d7ea4c68000' })}
      >
        Send 0.001 ETH
      </button>
      <p>
        Transaction: <output aria-label="Transaction result">{result}</output>
      </p>
    </section>
  )
}
