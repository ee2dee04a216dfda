/** EIP-1193 errors of the request pipeline. */
import { MESSAGES } from '@portico/shared-types'

/**
 * EIP-1193 codes used here. A refused method is 4200 (Unsupported Method), not 4100 (Unauthorized):
 * the refusal is the kernel's permanent policy, which no authorization by the visitor can lift, and
 * libraries read 4200 that way (viem's UnsupportedProviderMethodError, ethers' UNSUPPORTED_OPERATION)
 * instead of starting a reconnect as they do for 4100.
 */
export const RPC_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  /** EIP-1474 limit exceeded: too many open requests. */
  limitExceeded: -32005,
} as const

export class ProviderRpcError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
  }
}

export const notAllowedError = () =>
  new ProviderRpcError(RPC_ERROR_CODES.unsupportedMethod, MESSAGES.rpcNotAllowed)
export const notConnectedError = () =>
  new ProviderRpcError(RPC_ERROR_CODES.disconnected, 'No wallet is connected')
export const closedError = () =>
  new ProviderRpcError(RPC_ERROR_CODES.userRejected, 'User rejected the request: the modal was closed')
export const leftViewError = () =>
  new ProviderRpcError(RPC_ERROR_CODES.userRejected, 'User rejected the request')
