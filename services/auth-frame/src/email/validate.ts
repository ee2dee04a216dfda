import * as v from 'valibot'
import { ERRORS, FrameError } from '../errors.ts'

const EMAIL = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email())

/** behaviour §5: a valid email address; answers it trimmed and lower-cased (one user per mailbox). */
export function parseEmail(input: unknown): string {
  const result = v.safeParse(EMAIL, input)
  if (!result.success) throw new FrameError(ERRORS.invalidEmail)
  return result.output
}

/** behaviour §5: the OTP is a string; ours are 6 digits. */
export function parseOtp(input: unknown): string {
  if (typeof input !== 'string') throw new FrameError(ERRORS.invalidOtp)
  const otp = input.trim()
  if (!/^\d{6}$/.test(otp)) throw new FrameError(ERRORS.invalidOtp)
  return otp
}
