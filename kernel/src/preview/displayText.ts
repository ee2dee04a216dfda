/**
 * Third-party text (a token's symbol and name, a revert reason) as the preview may show it: only visible
 * characters. The API cleans these already (services/api/src/displayText.ts); the kernel does it again
 * because the API is trusted to describe, not to render: a symbol that carries a right-to-left override
 * or a zero-width joiner could make "USDC" read as something it is not.
 */

/** Controls, format characters (bidi overrides and isolates, zero-width), private use, lone surrogates, line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/gu
/** More than three combining marks on one character stack into text that covers its neighbours. */
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu

export function visibleText(text: string, maxLength: number): string {
  const cleaned = text.replace(INVISIBLE, '').replace(STACKED_MARKS, '$1').replace(/\s+/g, ' ').trim()
  const characters = [...cleaned]
  return characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join('')}…` : cleaned
}
