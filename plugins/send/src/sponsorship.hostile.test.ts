/** A wallet's refusal of a sponsored send is shown to the visitor: one bounded line, nothing hidden. */
import { describe, expect, it } from 'vitest'
import { sponsorRefusal } from './sponsorship.ts'

describe('sponsorRefusal', () => {
  it('shows the paymaster’s fixed message', () => {
    expect(sponsorRefusal({ code: -32603, message: 'Daily sponsored gas limit reached' })).toBe(
      'Daily sponsored gas limit reached',
    )
  })

  it('keeps one line, strips control, zero-width and bidi characters, and cuts at 200 characters', () => {
    expect(sponsorRefusal(new Error('Refused\nstack trace: /srv/app.js:12'))).toBe('Refused')
    expect(sponsorRefusal({ message: 'Not\u0007 spon\u200bsored \u202egnp.exe' })).toBe(
      'Not sponsored gnp.exe',
    )
    expect(sponsorRefusal({ message: 'x'.repeat(5000) })).toHaveLength(200)
  })

  it('says nothing of its own for a declined request, a missing or empty message', () => {
    expect(sponsorRefusal({ code: 4001, message: 'User rejected the request.' })).toBeUndefined()
    expect(sponsorRefusal({ code: -32603 })).toBeUndefined()
    expect(sponsorRefusal({ message: '\u0000\u200f ' })).toBeUndefined()
    expect(sponsorRefusal(null)).toBeUndefined()
    expect(sponsorRefusal('a string')).toBeUndefined()
  })
})
