/**
 * What goes wrong between the kernel and a wallet, whatever its kind: the wallet is missing, answered
 * nothing usable, or is not connected. Requests an app sends through the provider fail with the
 * EIP-1193 family instead (errors/rpc.ts).
 */
import { PorticoError } from '../errors/base.ts'

export type WalletErrorCode =
  /** The chosen wallet is not installed or no longer announced. */
  | 'WALLET_UNAVAILABLE'
  /** A plugin names a connector it does not contribute. */
  | 'WALLET_CONNECTOR_NOT_FOUND'
  /** A connector's lazy body loaded no EIP-1193 provider. */
  | 'WALLET_NO_PROVIDER'
  /** The wallet connected without giving an account. */
  | 'WALLET_NO_ACCOUNT'
  /** The wallet connected without giving a chain id. */
  | 'WALLET_NO_CHAIN_ID'
  /** A wallet feature was asked of a namespace with no connected wallet. */
  | 'WALLET_NOT_CONNECTED'
  /** The wallet answered, but not with what the request needs (a signature, a PSBT). */
  | 'WALLET_MALFORMED_ANSWER'
  /** The wallet did not answer in time. */
  | 'WALLET_TIMEOUT'
  /** Ending the connection failed; `cause` holds why. */
  | 'WALLET_DISCONNECT_FAILED'

export class WalletError extends PorticoError<WalletErrorCode> {
  override name = 'WalletError'
}

/** The one wording for a wallet that is not there, whichever connector looked for it. */
export const walletUnavailable = (connectorId: string) =>
  new WalletError('WALLET_UNAVAILABLE', `Wallet "${connectorId}" is not available`)
