/**
 * The service's answers that are not a sponsorship: JSON-RPC errors with fixed messages. A wallet shows
 * the message to its user as is (the auth frame does), so none of them ever carries caller input.
 */

/** JSON-RPC: the params are not a well-formed ERC-7677 request. */
export const INVALID_PARAMS = -32602
/** The request is well-formed but the sponsor's policy does not cover it. */
export const NOT_SPONSORED = -32001
/** EIP-1474 "limit exceeded". */
export const LIMIT_EXCEEDED = -32005

export const PAYMASTER_MESSAGES = {
  invalidRequest: 'Invalid request: send one JSON-RPC 2.0 request object',
  unknownMethod: 'Method not found: this paymaster answers pm_getPaymasterStubData and pm_getPaymasterData',
  invalidParams: 'Invalid params: expected [userOperation, entryPoint, chainId, context]',
  invalidUserOperation: 'Invalid user operation',
  missingGas: 'Invalid user operation: its gas limits and fees are required',
  wrongEntryPoint: 'Unsupported EntryPoint: this paymaster serves EntryPoint v0.8',
  wrongPaymaster: 'Invalid user operation: it names another paymaster',
  chainNotSponsored: 'The app does not sponsor gas on this network',
  targetNotSponsored: 'The app does not sponsor calls to this contract',
  callNotReadable: 'The app sponsors only calls it can read (execute or executeBatch)',
  factoryNotSponsored: 'The app does not sponsor creating this account',
  tooMuchGas: 'The operation asks for more gas than the app sponsors',
  dailyLimit: 'Daily sponsored gas limit reached',
  tooManyRequests: 'Too many sponsorship requests: try again in a minute',
} as const

export class PaymasterError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'PaymasterError'
  }
}

export const invalid = (message: string = PAYMASTER_MESSAGES.invalidUserOperation) =>
  new PaymasterError(INVALID_PARAMS, message)
export const notSponsored = (message: string) => new PaymasterError(NOT_SPONSORED, message)
