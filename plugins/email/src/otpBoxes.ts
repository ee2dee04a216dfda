/**
 * The six code boxes as plain data: what a keystroke, a paste or a Backspace does to the digits and
 * which box has focus next. The component only renders the digits and moves focus where this says.
 */
import { cleanOtp, OTP_LENGTH } from './validation.ts'

/** One digit per box; '' for an empty box. */
export type OtpDigits = readonly string[]

export interface OtpStep {
  digits: OtpDigits
  /** The box to focus next. */
  focus: number
}

export const emptyOtp = (): OtpDigits => Array.from({ length: OTP_LENGTH }, () => '')

export const otpOf = (digits: OtpDigits) => digits.join('')

const last = OTP_LENGTH - 1

/** Digits written from box `from` on (a paste of a whole code starts at the first box). */
export function pasteInto(digits: OtpDigits, from: number, text: string): OtpStep {
  const pasted = cleanOtp(text)
  if (pasted.length === 0) return { digits, focus: from }
  const start = pasted.length === OTP_LENGTH ? 0 : from
  const next = [...digits]
  for (let offset = 0; offset < pasted.length && start + offset <= last; offset++)
    next[start + offset] = pasted[offset] ?? ''
  return { digits: next, focus: Math.min(start + pasted.length, last) }
}

/**
 * A box's new value after input: one digit fills it and moves on; several (autofill, a paste the
 * browser inserted) spread over the boxes; a typed digit over an existing one replaces it; anything
 * else leaves the box as it was.
 */
export function typeInto(digits: OtpDigits, index: number, value: string): OtpStep {
  const typed = cleanOtp(value)
  const before = digits[index] ?? ''
  if (typed.length === 0) {
    if (value !== '') return { digits, focus: index }
    const next = [...digits]
    next[index] = ''
    return { digits: next, focus: index }
  }
  // "35" after typing 5 into a box holding 3: the new digit is the one that was not there.
  const replacing = typed.length === 2 && before !== '' && typed.includes(before)
  const digit = replacing ? typed.replace(before, '') : typed
  if (digit.length > 1) return pasteInto(digits, index, digit)
  const next = [...digits]
  next[index] = digit
  return { digits: next, focus: Math.min(index + 1, last) }
}

/** Backspace: clears this box, or when it is empty, the one before (and goes there). */
export function backspaceAt(digits: OtpDigits, index: number): OtpStep {
  const next = [...digits]
  if ((digits[index] ?? '') !== '') {
    next[index] = ''
    return { digits: next, focus: index }
  }
  const previous = Math.max(index - 1, 0)
  next[previous] = ''
  return { digits: next, focus: previous }
}

/** Arrow, Home and End keys between the boxes; undefined for any other key. */
export function moveFocus(key: string, index: number): number | undefined {
  if (key === 'ArrowLeft') return Math.max(index - 1, 0)
  if (key === 'ArrowRight') return Math.min(index + 1, last)
  if (key === 'Home') return 0
  if (key === 'End') return last
  return undefined
}
