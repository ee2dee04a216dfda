import { describe, expect, it } from 'vitest'
import { identityText } from './identityText.ts'

describe('identityText (email and name from an IdP)', () => {
  it.each([
    ['a right-to-left override', 'alice\u202egro.evil@x.co'],
    ['a bidi isolate', 'Alice \u2067Admin\u2069'],
    ['a zero-width space', 'ad\u200bmin@example.com'],
    ['a zero-width joiner', 'Ali\u200dce'],
    ['LRM', 'Alice\u200e'],
    ['a BOM', '\ufeffAlice'],
    ['a soft hyphen', 'Al\u00adice'],
    ['a control character', 'bad\u0007name'],
    ['a line separator', 'Alice\u2028Admin'],
    ['a Hangul filler', '\u3164'],
    ['a private-use character', 'Alice\ue000'],
    ['a pile of combining marks', `A${'\u0336'.repeat(10)}lice`],
    ['a mark with nothing under it', '\u0301Alice'],
    ['only spaces', '   '],
  ])('refuses %s', (_what, value) => {
    expect(identityText(value, 254)).toBeUndefined()
  })

  it('accepts ordinary names and addresses as they are, within the length', () => {
    for (const value of ['erin@portico.dev', 'Erin Example', 'Nguyễn Văn A', 'José', 'हिन्दी नाम'])
      expect(identityText(value, 254)).toBe(value)
    expect(identityText('x'.repeat(65), 64)).toBeUndefined()
    expect(identityText('', 64)).toBeUndefined()
    expect(identityText(7, 64)).toBeUndefined()
  })
})
