/**
 * behaviour §5: email must be a valid email address; the OTP is a string (the frame sends 6 digits). The
 * address check is the WHATWG HTML "valid email address" production (what `<input type=email>` accepts)
 * with the RFC 5321 length limit.
 */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export const MAX_EMAIL_LENGTH = 254

/** The address trimmed, or undefined when it is not a valid email address (a domain needs a dot). */
export function parseEmail(input: string): string | undefined {
  const email = input.trim()
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return undefined
  return HTML_EMAIL.test(email) ? email : undefined
}

export const OTP_LENGTH = 6

/** Digits only, at most 6 (what a pasted "123 456" or "123-456" becomes). */
export const cleanOtp = (input: string) => input.replace(/\D/g, '').slice(0, OTP_LENGTH)

export const isCompleteOtp = (otp: string) => /^\d{6}$/.test(otp)
