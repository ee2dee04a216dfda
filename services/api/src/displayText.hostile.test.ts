import { describe, expect, it } from 'vitest'
import { displayText, MAX_MARKS, tokenSymbol } from './displayText.ts'

describe('displayText (third-party token and NFT texts)', () => {
  it.each([
    ['a right-to-left override', 'U\u202eCDSU', 'UCDSU'],
    ['bidi isolates and embeddings', '\u2067USDC\u2069\u202a\u202c', 'USDC'],
    ['LRM, RLM, ALM', 'US\u200eD\u200fC\u061c', 'USDC'],
    ['zero-width space, joiners, word joiner, BOM', '\u200bU\u200cS\u200dD\u2060C\ufeff', 'USDC'],
    ['a soft hyphen', 'US\u00adDC', 'USDC'],
    ['controls and separators', 'US\u0000D\u2028C\u2029', 'USDC'],
    ['blank letters (Hangul filler, braille blank)', 'USDC\u3164\u2800', 'USDC'],
    ['private use and unassigned', 'USDC\ue000\u{10ffff}', 'USDC'],
    ['the combining grapheme joiner', 'US\u034fDC', 'USDC'],
    ['runs of white space', '  USD \t\n Coin  ', 'USD Coin'],
  ])('strips %s', (_what, raw, clean) => {
    expect(displayText(raw, 100)).toBe(clean)
  })

  it('keeps at most MAX_MARKS combining marks on a character, and none with nothing to sit on', () => {
    const text = displayText(`\u0301U${'\u0336'.repeat(50)}SDC`, 100) ?? ''
    expect(text.startsWith('U')).toBe(true)
    expect(text.match(/\p{M}/gu)).toHaveLength(MAX_MARKS)
  })

  it('leaves ordinary scripts alone', () => {
    for (const text of ['Tiếng Việt', 'हिन्दी', 'Ünïcödé', '日本円', 'ETH 🦄'])
      expect(displayText(text, 100)).toBe(text.normalize('NFC'))
  })

  it('is null when nothing visible is left, or for a non-string; bounds the length', () => {
    expect(displayText('\u200b\u202e\u3164 ', 100)).toBeNull()
    expect(displayText(42, 100)).toBeNull()
    expect([...(tokenSymbol('A'.repeat(500)) ?? '')]).toHaveLength(32)
  })
})
