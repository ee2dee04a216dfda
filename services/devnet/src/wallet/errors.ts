/** EIP-1193 / EIP-1474 error codes the dev wallet answers with. */
export const ErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
  // EIP-5792 (wallet_sendCalls and its status).
  unsupportedCapability: 5700,
  unsupportedChainId: 5710,
  duplicateId: 5720,
  unknownBundleId: 5730,
  bundleTooLarge: 5740,
  atomicityNotSupported: 5760,
} as const

export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export const userRejected = () => new ProviderRpcError(ErrorCode.userRejected, 'User rejected the request.')

export const unauthorized = (detail = '') =>
  new ProviderRpcError(
    ErrorCode.unauthorized,
    `The requested account and/or method has not been authorized by the user.${detail ? ` ${detail}` : ''}`,
  )

export const invalidParams = (message: string) => new ProviderRpcError(ErrorCode.invalidParams, message)
