/**
 * The EIP-1193 provider errors (and the JSON-RPC ones EIP-1474 adds) that connectors throw and the
 * request pipeline hands to apps: each code has its class, so a caller may test `instanceof` or `code`.
 */
import { PorticoError } from './base.ts'

/**
 * EIP-1193 codes. A refused method is 4200 (Unsupported Method), not 4100 (Unauthorized): the refusal
 * is the kernel's permanent policy, which no authorization by the visitor can lift, and libraries read
 * 4200 that way (viem's UnsupportedProviderMethodError, ethers' UNSUPPORTED_OPERATION) instead of
 * starting a reconnect as they do for 4100.
 */
export const RPC_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  invalidParams: -32602,
  internal: -32603,
  /** EIP-1474 limit exceeded: too many open requests. */
  limitExceeded: -32005,
} as const

interface RpcErrorOptions {
  cause?: unknown
  /** The `data` of the wallet's error, kept for the app. */
  data?: unknown
}

export class ProviderRpcError extends PorticoError<number> {
  override name = 'ProviderRpcError'
  readonly data?: unknown

  constructor(code: number, message: string, options: RpcErrorOptions = {}) {
    super(code, message, 'cause' in options ? { cause: options.cause } : {})
    if (options.data !== undefined) this.data = options.data
  }
}

/** 4001: the visitor rejected the request. */
export class UserRejectedRequestError extends ProviderRpcError {
  override name = 'UserRejectedRequestError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.userRejected, message, options)
  }
}

/** 4100: the method or account is not authorized by the visitor. */
export class UnauthorizedProviderError extends ProviderRpcError {
  override name = 'UnauthorizedProviderError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.unauthorized, message, options)
  }
}

/** 4200: the provider does not support the method. */
export class UnsupportedProviderMethodError extends ProviderRpcError {
  override name = 'UnsupportedProviderMethodError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.unsupportedMethod, message, options)
  }
}

/** 4900: the provider is connected to no chain at all. */
export class ProviderDisconnectedError extends ProviderRpcError {
  override name = 'ProviderDisconnectedError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.disconnected, message, options)
  }
}

/** 4901: the provider is not connected to the requested chain. */
export class ChainDisconnectedError extends ProviderRpcError {
  override name = 'ChainDisconnectedError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.chainDisconnected, message, options)
  }
}

/** -32602: the request's params are invalid. */
export class InvalidParamsRpcError extends ProviderRpcError {
  override name = 'InvalidParamsRpcError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.invalidParams, message, options)
  }
}

/** -32603: the wallet failed internally. */
export class InternalRpcError extends ProviderRpcError {
  override name = 'InternalRpcError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.internal, message, options)
  }
}

/** -32005: too many requests are open. */
export class LimitExceededRpcError extends ProviderRpcError {
  override name = 'LimitExceededRpcError'
  constructor(message: string, options?: RpcErrorOptions) {
    super(RPC_ERROR_CODES.limitExceeded, message, options)
  }
}

const FAMILY: Record<number, new (message: string, options?: RpcErrorOptions) => ProviderRpcError> = {
  [RPC_ERROR_CODES.userRejected]: UserRejectedRequestError,
  [RPC_ERROR_CODES.unauthorized]: UnauthorizedProviderError,
  [RPC_ERROR_CODES.unsupportedMethod]: UnsupportedProviderMethodError,
  [RPC_ERROR_CODES.disconnected]: ProviderDisconnectedError,
  [RPC_ERROR_CODES.chainDisconnected]: ChainDisconnectedError,
  [RPC_ERROR_CODES.invalidParams]: InvalidParamsRpcError,
  [RPC_ERROR_CODES.internal]: InternalRpcError,
  [RPC_ERROR_CODES.limitExceeded]: LimitExceededRpcError,
}

/**
 * What a wallet rejected a request with, as the family's error of its code (its message and data
 * kept, the original as `cause`). Anything else (no known code) is passed on as it is.
 */
export function toProviderRpcError(error: unknown): unknown {
  if (error instanceof ProviderRpcError || typeof error !== 'object' || error === null) return error
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown }
  const Family = typeof code === 'number' ? FAMILY[code] : undefined
  if (!Family) return error
  return new Family(typeof message === 'string' ? message : '', {
    cause: error,
    ...(data !== undefined ? { data } : {}),
  })
}
