/** Third-party text (a token's symbol, a message, typed data) made fit for the approval's rows. */

const MAX_TEXT = 2_000

/** Control, format (bidi, zero-width) and line/paragraph separators removed; newlines and tabs kept. */
export function cleanText(text: string, max = MAX_TEXT): string {
  const cleaned = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned
}
