/**
 * Identity strings an IdP hands us (email, display name) that the app will show. Refused (undefined),
 * not repaired: an email with a character removed is another address, and a name that needed repair
 * is not one to show. Refused: any \p{C} character (controls; format characters — bidi embeddings,
 * overrides and isolates, LRM/RLM/ALM, zero-width space and joiners, word joiner, BOM, soft hyphen;
 * private use; unassigned), line and paragraph separators, the letters that render blank (Hangul
 * fillers, braille blank), the combining grapheme joiner, a combining mark with nothing to sit on and
 * more than MAX_MARKS marks on one character. So "alice\u202Emoc.evil@x" cannot read as another
 * address and a name cannot hide behind zero-width characters.
 */

/** Combining marks accepted on one character (enough for Vietnamese, Devanagari). */
export const MAX_MARKS = 3

const INVISIBLE = /[\p{C}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]|\u034f/u
const TOO_MANY_MARKS = new RegExp(`\\p{M}{${MAX_MARKS + 1},}`, 'u')
const BARE_MARK = /(^|\s)\p{M}/u

/** The string when it is 1..max characters of visible text; undefined otherwise. */
export function identityText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) return undefined
  const text = value.normalize('NFC')
  if (INVISIBLE.test(text) || TOO_MANY_MARKS.test(text) || BARE_MARK.test(text)) return undefined
  if (text.trim().length === 0) return undefined
  return value
}
