/** Values that are not what a chain accepts, and chain reads that cannot be answered. */
import { PorticoError } from '../errors/base.ts'

export type ChainErrorCode =
  /** Not a CAIP-10 account id (or CAIP-2 network id) the kernel can read. */
  | 'INVALID_CAIP_ID'
  /** Not an address (or key) of the namespace. */
  | 'INVALID_ADDRESS'
  /** Not base58 text. */
  | 'INVALID_BASE58'
  /** An amount outside what the chain can hold. */
  | 'INVALID_AMOUNT'
  /** The network has no RPC URL to read it with. */
  | 'NO_RPC_URL'
  /** Multicall3 is not deployed on the network. */
  | 'MULTICALL_UNAVAILABLE'
  /** Multicall3's answer does not match the calls made. */
  | 'MULTICALL_MISMATCH'

export class ChainError extends PorticoError<ChainErrorCode> {
  override name = 'ChainError'
}
