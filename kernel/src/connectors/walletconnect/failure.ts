/** How a pairing attempt settles once, and what a failed one leaves in the store. */
import type { Kernel } from '../../kernel.ts'
import { WalletConnectRelayError } from './errors.ts'
import { walletConnectConnector } from './register.ts'
import { type Attempt, type Runtime, stopProvider } from './runtime.ts'

/** Marks the attempt settled; true the first time only. */
export function settle(attempt: Attempt) {
  const first = !attempt.settled
  attempt.settled = true
  return first
}

export function failAttempt(kernel: Kernel, runtime: Runtime, attempt: Attempt, error: unknown) {
  if (!settle(attempt)) return
  attempt.reject(error)
  if (runtime.attempt !== attempt) return
  const message = error instanceof Error ? error.message : String(error)
  kernel.store.update((draft) => {
    draft.connection.wcError = true
    draft.connection.buffering = false
    draft.connection.status = 'disconnected'
    delete draft.connection.wcAuthenticating
    delete draft.connection.wcUri
    delete draft.connection.wcPairingExpiry
  })
  kernel.bus.emit('CONNECT_ERROR', { message, name: attempt.wallet?.name ?? walletConnectConnector.name })
  if (error instanceof WalletConnectRelayError) {
    // Stop the SDK's own retries (~75 s) and start the next pairing on a fresh client.
    const stale = runtime.provider
    runtime.provider = undefined
    void stale?.then(stopProvider, () => undefined)
  }
}
