/** The WalletConnect connector's own errors (the view tells them apart: a relay error offers a retry). */
import { en } from '../../i18n/en.ts'

/** The relay did not answer in time, or refused the connection. */
export class WalletConnectRelayError extends Error {
  override name = 'WalletConnectRelayError'
}

/** A newer pairing replaced this one; whoever waited for it waits for the newer one instead. */
export class PairingSupersededError extends Error {
  override name = 'PairingSupersededError'
}

export const relayError = (cause?: unknown) =>
  new WalletConnectRelayError(en.walletConnect.relayUnreachable, { cause })
