/**
 * Text a third party chose (a token contract's name() and symbol(), NFT metadata) made fit to show:
 * nothing invisible, nothing that reorders the text around it, no pile of combining marks.
 *
 * Removed: every \p{C} character (controls, format characters — bidi embeddings, overrides and
 * isolates, LRM/RLM/ALM, zero-width space and joiners, word joiner, BOM, soft hyphen, invisible
 * operators — private use, surrogates, unassigned), line and paragraph separators, the letters that
 * render as blank (Hangul fillers, braille blank) and the combining grapheme joiner. Combining marks
 * are kept up to MAX_MARKS after a base character; a mark with no base is dropped. Any run of white
 * space becomes one space; the ends are trimmed. So "U\u202eCDSU" or "USDC\u200b" cannot read as
 * another token's name, and "Ư̷̢S̸D̶C̵" stays one line high.
 */

/** Combining marks kept after one base character (enough for Vietnamese, Devanagari, emoji). */
export const MAX_MARKS = 3

const INVISIBLE = /[\p{C}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]|\u034f/gu
const MARKS_RUN = /\p{M}+/gu
const SPACES = /\s+/gu

/** The cleaned text, at most `maxChars` code points; null when nothing visible is left. */
export function displayText(raw: unknown, maxChars: number): string | null {
  if (typeof raw !== 'string') return null
  const text = raw
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(MARKS_RUN, (run, offset: number, whole: string) => {
      const before = whole.codePointAt(offset - 1)
      // At the start, or after a space, a mark has nothing to sit on.
      if (offset === 0 || before === undefined || /\s/u.test(String.fromCodePoint(before))) return ''
      return [...run].slice(0, MAX_MARKS).join('')
    })
    .replace(SPACES, ' ')
    .trim()
  if (!text) return null
  const chars = [...text]
  return chars.length > maxChars ? chars.slice(0, maxChars).join('').trimEnd() : text
}

/** Longest token name and symbol answered. */
export const MAX_TOKEN_NAME_CHARS = 100
export const MAX_TOKEN_SYMBOL_CHARS = 32

export const tokenName = (raw: unknown) => displayText(raw, MAX_TOKEN_NAME_CHARS)
export const tokenSymbol = (raw: unknown) => displayText(raw, MAX_TOKEN_SYMBOL_CHARS)

/** The symbol answered for a token whose contract has none (or nothing visible). */
export const UNKNOWN_SYMBOL = '?'
