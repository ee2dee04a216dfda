/** The WalletConnect connector's own errors (the view tells them apart: a relay error offers a retry). */
import { PorticoError } from '../../errors/base.ts'
import { en } from '../../i18n/en.ts'

/** The relay did not answer in time, or refused the connection. */
export class WalletConnectRelayError extends PorticoError {
  override name = 'WalletConnectRelayError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('WALLETCONNECT_RELAY', message, options)
  }
}

/** A newer pairing replaced this one; whoever waited for it waits for the newer one instead. */
export class PairingSupersededError extends PorticoError {
  override name = 'PairingSupersededError'
  constructor(message: string) {
    super('WALLETCONNECT_PAIRING_SUPERSEDED', message)
  }
}

/** A pairing prepared ahead of the click gave no uri to show. */
export class WalletConnectPairingError extends PorticoError<
  'WALLETCONNECT_NO_PAIRING_URI' | 'WALLETCONNECT_PAIRING_TIMEOUT'
> {
  override name = 'WalletConnectPairingError'
}

export const relayError = (cause?: unknown) =>
  new WalletConnectRelayError(en.walletConnect.relayUnreachable, { cause })
