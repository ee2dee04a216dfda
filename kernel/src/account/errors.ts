/** Asking for a network the app did not configure, or changing the requested networks past what holds. */
import { PorticoError } from '../errors/base.ts'

export type NetworkErrorCode =
  /** The network to switch to is not among the requested networks. */
  | 'NETWORK_NOT_FOUND'
  /** The chain a wagmi switch names is not in both the modal's networks and the wagmi config. */
  | 'NETWORK_NOT_CONFIGURED'
  /** The network to remove is not a requested one. */
  | 'NETWORK_NOT_REQUESTED'
  /** Removing the network would leave its namespace with none. */
  | 'NETWORK_LAST_OF_NAMESPACE'

export class NetworkError extends PorticoError<NetworkErrorCode> {
  override name = 'NetworkError'
}
