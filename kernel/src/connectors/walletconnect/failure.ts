/** How a pairing attempt settles once, and what a failed one leaves in the store. */

import { walletConnectConnector } from './connector.ts'
import { WalletConnectRelayError } from './errors.ts'
import { type Attempt, type Runtime, stopProvider } from './runtime.ts'

/** Marks the attempt settled; true the first time only. */
export function settle(attempt: Attempt) {
  const first = !attempt.settled
  attempt.settled = true
  return first
}

export function failAttempt(runtime: Runtime, attempt: Attempt, error: unknown) {
  if (!settle(attempt)) return
  attempt.reject(error)
  if (runtime.attempt !== attempt) return
  const message = error instanceof Error ? error.message : String(error)
  runtime.report.pairing.failed(message, attempt.wallet?.name ?? walletConnectConnector.name)
  if (error instanceof WalletConnectRelayError) {
    // Stop the SDK's own retries (~75 s) and start the next pairing on a fresh client.
    const stale = runtime.provider
    runtime.provider = undefined
    void stale?.then(stopProvider, () => undefined)
  }
}
