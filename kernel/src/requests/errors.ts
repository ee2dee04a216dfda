/** The request pipeline's own refusals, as EIP-1193 errors (errors/rpc.ts). */
import { MESSAGES } from '@portico/shared-types'
import {
  LimitExceededRpcError,
  ProviderDisconnectedError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from '../errors/rpc.ts'

export { ProviderRpcError, RPC_ERROR_CODES } from '../errors/rpc.ts'

export const notAllowedError = () => new UnsupportedProviderMethodError(MESSAGES.rpcNotAllowed)
export const notConnectedError = () => new ProviderDisconnectedError('No wallet is connected')
export const closedError = () =>
  new UserRejectedRequestError('User rejected the request: the modal was closed')
export const leftViewError = () => new UserRejectedRequestError('User rejected the request')
/** The visitor pressed Reject on a transaction preview. */
export const rejectedError = () => new UserRejectedRequestError('User rejected the request')
export const tooManyRequestsError = () => new LimitExceededRpcError('Too many open requests')
