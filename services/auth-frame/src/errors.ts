import { MESSAGES } from '@portico/shared-types'

/** An error whose message the frame shows to the app as is (the `_ERROR` reply's payload.message). */
export class FrameError extends Error {
  constructor(
    message: string,
    /** EIP-1193 / JSON-RPC code where one applies. */
    readonly code?: number,
  ) {
    super(message)
    this.name = 'FrameError'
  }
}

export const ERRORS = {
  notConnected: 'Not connected: sign in first',
  invalidEmail: 'Invalid email address',
  invalidOtp: 'Invalid code',
  otpExpired: 'The code has expired, request a new one',
  tooManyAttempts: 'Too many attempts, request a new code',
  noPendingLogin: 'No login in progress: enter your email again',
  noPendingUpdate: 'No email update in progress',
  deviceNotApproved: 'The device was not approved in time',
  tooManyWaits: 'This login is already waiting for the device approval',
  tooManyEmails: 'Too many emails sent, try again later',
  sameEmail: 'The new email is the current one',
  emailTaken: 'This email is already in use',
  socialUnavailable: 'Social login is not available',
  unknownChain: 'Chain is not supported',
  rpcNotAllowed: MESSAGES.rpcNotAllowed,
  defaultFrameError: MESSAGES.anErrorOccurred,
} as const
