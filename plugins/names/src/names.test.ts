import { describe, expect, it } from 'vitest'
import { coinTypeOf, isValidLabel, isValidName, labelOf, registrationMessage, utf8Hex } from './names.ts'

describe('name rules (behaviour §5)', () => {
  it('needs 4+ ASCII letters, digits or hyphens', () => {
    expect(isValidLabel('alice')).toBe(true)
    expect(isValidLabel('a-1b')).toBe(true)
    expect(isValidLabel('abc')).toBe(false)
    expect(isValidLabel('al ice')).toBe(false)
    expect(isValidLabel('\u0430lice')).toBe(false)
  })

  it('accepts full names with a behaviour §9 suffix only', () => {
    expect(isValidName('alice.reown.id')).toBe(true)
    expect(isValidName('alice.wcn.id')).toBe(true)
    expect(isValidName('alice.eth')).toBe(false)
    expect(isValidName('<img>.reown.id')).toBe(false)
    expect(isValidName('.reown.id')).toBe(false)
  })

  it('reads the label out of what was typed, with or without a suffix', () => {
    expect(labelOf('  Alice.reown.id ')).toBe('alice')
    expect(labelOf('bob.wcn.id')).toBe('bob')
    expect(labelOf('carol')).toBe('carol')
  })

  it('sets the high bit of the chain id and refuses ids at or above 2^31', () => {
    expect(coinTypeOf(1)).toBe(0x80000001)
    expect(coinTypeOf(31337)).toBe(2147514985)
    expect(() => coinTypeOf(2 ** 31)).toThrow('has no coin type')
  })

  it('signs JSON of statement, name, domain, coin type, attributes and a timestamp in seconds, as UTF-8 hex', () => {
    const message = registrationMessage({
      name: 'alice.reown.id',
      chainId: 31337,
      domain: 'app.example.com',
      nowMs: 1_700_000_000_999,
    })
    expect(JSON.parse(message)).toEqual({
      statement: 'Register alice.reown.id as your account name on app.example.com (chain eip155:31337)',
      name: 'alice.reown.id',
      domain: 'app.example.com',
      coin_type: 2147514985,
      attributes: {},
      timestamp: 1_700_000_000,
    })
    expect(utf8Hex('aé')).toBe('0x61c3a9')
  })
})
