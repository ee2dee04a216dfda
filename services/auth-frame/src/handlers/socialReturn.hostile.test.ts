import { describe, expect, it } from 'vitest'
import { appReturnAddress } from './social.ts'

const APP = 'https://app.example'

describe('a social login return address (Telegram mini app, no popup)', () => {
  it('accepts the app page on the origin the frame serves', () => {
    expect(appReturnAddress(`${APP}/mini?tab=1#top`, APP)).toBe(`${APP}/mini?tab=1#top`)
    expect(appReturnAddress(undefined, APP)).toBeUndefined()
  })

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a look-alike host', 'https://app.example.evil.example/'],
    ['another port', 'https://app.example:8443/'],
    ['plain http for an https app', 'http://app.example/'],
    ['credentials', 'https://user:pw@app.example/'],
    ['javascript:', 'javascript:alert(1)//https://app.example'],
    ['a relative address', '/mini'],
    ['not a string', { href: `${APP}/` }],
    ['too long', `${APP}/?q=${'x'.repeat(2_100)}`],
  ])('refuses %s', (_what, value) => {
    expect(() => appReturnAddress(value, APP)).toThrow('Invalid social login return address')
  })
})
