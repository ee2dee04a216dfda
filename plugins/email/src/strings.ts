/** Strings of the email plugin, English. behaviour §8 messages come from MESSAGES. */
import { EMAIL_CODE_TTL_MS, EMAIL_LOGIN_TTL_MS } from '@portico/shared-types'

/** Lifetimes as the auth frame enforces them (shared-types), in whole minutes. */
const minutes = (ms: number) => Math.round(ms / 60_000)

export const strings = {
  emailLabel: 'Email',
  emailPlaceholder: 'Email',
  continue: 'Continue',
  invalidEmail: 'Invalid email. Try again.',
  verifyOtpTitle: 'Confirm Email',
  codeSentTo: (email: string) => `Enter the code we sent to ${email}`,
  codeLabel: 'Verification code',
  digitLabel: (position: number) => `Digit ${position} of 6`,
  codeExpires: `The code expires in ${minutes(EMAIL_CODE_TTL_MS)} minutes`,
  invalidCode: 'Enter the 6-digit code',
  verify: 'Verify',
  verifying: 'Verifying…',
  resend: 'Resend code',
  resent: 'Code resent',
  verifyDeviceTitle: 'Register Device',
  approveDevice: (email: string) => `Approve the login link we sent to ${email}`,
  deviceHint: `The link is valid for ${minutes(EMAIL_LOGIN_TTL_MS)} minutes. Open it on this device or any other.`,
  waitingForDevice: 'Waiting for the device to be approved…',
  resendLink: 'Resend link',
  tryAgain: 'Try again',
  updateEmailTitle: 'Edit Email',
  updateEmailMenu: 'Update email',
  newEmailLabel: 'New email',
  sameEmail: 'That is your current email',
  primaryOtpTitle: 'Confirm Current Email',
  secondaryOtpTitle: 'Confirm New Email',
  emailUpdated: 'Email updated',
  notEmbedded: 'Connect with email to manage it here.',
  accountTypeTitle: 'Account Type',
  connecting: 'Connecting…',
  passkeyButton: 'Continue with a passkey',
  passkeyTitle: 'Passkey',
  addPasskeyMenu: 'Add a passkey',
  addPasskeyTitle: 'Add a Passkey',
  passkeyAdded: 'Passkey added',
} as const
