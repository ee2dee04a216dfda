import { describe, expect, it } from 'vitest'
import {
  chainIdOfCoinType,
  checkLabel,
  coinTypeOf,
  NameRuleError,
  parseName,
  parseRegistrationMessage,
  parseZone,
  registrationStatement,
} from './rules.ts'
import { candidateNames, suggestions } from './suggest.ts'

const NOW = 1_800_000_000
const COIN = coinTypeOf(31337)
const message = (fields: Record<string, unknown>) =>
  JSON.stringify({
    statement: registrationStatement('alice.reown.id', 'localhost:3000', 31337),
    name: 'alice.reown.id',
    domain: 'localhost:3000',
    coin_type: COIN,
    attributes: {},
    timestamp: NOW,
    ...fields,
  })
const reason = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(NameRuleError)
    return (error as Error).message
  }
  throw new Error('no error thrown')
}

describe('coin types (behaviour §5)', () => {
  it('sets the high bit of the chain id and reads it back', () => {
    expect(coinTypeOf(1)).toBe(0x80000001)
    expect(coinTypeOf(31337)).toBe(2147514985)
    expect(chainIdOfCoinType(2147514985)).toBe(31337)
    expect(chainIdOfCoinType(coinTypeOf(2 ** 31 - 1))).toBe(2 ** 31 - 1)
  })

  it('refuses a chain id at or above 2^31 and coin types without the high bit', () => {
    expect(reason(() => coinTypeOf(2 ** 31))).toMatch(/has no coin type/)
    expect(reason(() => coinTypeOf(0))).toMatch(/has no coin type/)
    for (const bad of [60, 0x80000000, 2 ** 32, -1, 1.5, '2147514985'])
      expect(reason(() => chainIdOfCoinType(bad))).toMatch(/high bit set/)
  })
})

describe('names (behaviour §5, §9)', () => {
  it('accepts 4+ letters, digits and hyphens with a known suffix, in lower case', () => {
    expect(parseName('Alice-2.reown.id')).toEqual({
      name: 'alice-2.reown.id',
      label: 'alice-2',
      zone: 'reown.id',
    })
    expect(parseName('abcd.wcn.id').zone).toBe('wcn.id')
  })

  it('refuses short names, other characters, unicode lookalikes and missing suffixes', () => {
    expect(reason(() => parseName('abc.reown.id'))).toMatch(/at least 4 characters/)
    expect(reason(() => parseName('al_ice.reown.id'))).toMatch(/only letters a-z, digits and hyphens/)
    // Cyrillic а and full-width ａ look like a Latin a.
    expect(reason(() => parseName('\u0430lice.reown.id'))).toMatch(/only letters a-z/)
    expect(reason(() => parseName('\uff41lice.reown.id'))).toMatch(/only letters a-z/)
    expect(reason(() => parseName('xn--lice-2nd.reown.id'))).toMatch(/encoded/)
    expect(reason(() => parseName('-alice.reown.id'))).toMatch(/hyphen/)
    expect(reason(() => parseName('alice.eth'))).toMatch(/must end with .reown.id or .wcn.id/)
    expect(reason(() => checkLabel('a'.repeat(64)))).toMatch(/at most 63/)
  })

  it('reads a zone with or without its dot and refuses others', () => {
    expect(parseZone(undefined)).toBe('reown.id')
    expect(parseZone('.wcn.id')).toBe('wcn.id')
    expect(reason(() => parseZone('eth'))).toMatch(/Unknown zone/)
  })
})

describe('the signed registration message', () => {
  it('reads name, attributes, avatar and timestamp', () => {
    const parsed = parseRegistrationMessage(
      message({ attributes: { bio: 'hi', avatar: 'https://example.com/a.png' } }),
      NOW,
      COIN,
    )
    expect(parsed).toEqual({
      name: { name: 'alice.reown.id', label: 'alice', zone: 'reown.id' },
      attributes: { bio: 'hi', avatar: 'https://example.com/a.png' },
      avatar: 'https://example.com/a.png',
      timestamp: NOW,
      domain: 'localhost:3000',
    })
  })

  it('refuses stale and future timestamps, milliseconds included', () => {
    expect(reason(() => parseRegistrationMessage(message({ timestamp: NOW - 601 }), NOW, COIN))).toMatch(
      /sign a fresh one/,
    )
    expect(reason(() => parseRegistrationMessage(message({ timestamp: NOW + 61 }), NOW, COIN))).toMatch(
      /in the future/,
    )
    expect(reason(() => parseRegistrationMessage(message({ timestamp: NOW * 1000 }), NOW, COIN))).toMatch(
      /in the future/,
    )
    expect(reason(() => parseRegistrationMessage(message({ timestamp: 1.5 }), NOW, COIN))).toMatch(
      /unix seconds/,
    )
  })

  it('refuses nested, numerous, long or oddly keyed attributes, and non-https avatars', () => {
    const refuse = (attributes: unknown) =>
      reason(() => parseRegistrationMessage(message({ attributes }), NOW, COIN))
    expect(refuse({ bio: { nested: 'x' } })).toMatch(/must be a string \(no nested values\)/)
    expect(refuse(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'])))).toMatch(
      /at most 8/,
    )
    expect(refuse({ bio: 'x'.repeat(257) })).toMatch(/at most 256/)
    expect(refuse({ ['__proto__']: 'x' })).toMatch(/key "__proto__"/)
    expect(refuse({ bio: 'a\u0000b' })).toMatch(/control characters/)
    expect(refuse({ avatar: 'javascript:alert(1)' })).toMatch(/https URL/)
    expect(refuse(['x'])).toMatch(/attributes must be an object/)
  })

  it('refuses other shapes and oversized messages', () => {
    expect(reason(() => parseRegistrationMessage('not json', NOW, COIN))).toMatch(/must be JSON/)
    expect(reason(() => parseRegistrationMessage(message({ extra: 1 }), NOW, COIN))).toMatch(/exactly/)
    expect(reason(() => parseRegistrationMessage(' '.repeat(2049), NOW, COIN))).toMatch(/at most 2048/)
  })
})

describe('suggestions', () => {
  it('lists the wanted name first and only free variants after it', () => {
    const names = candidateNames('alice', 'reown.id')
    expect(names[0]).toBe('alice.reown.id')
    const list = suggestions(names, new Set(['alice.reown.id', 'alice1.reown.id']))
    expect(list[0]).toEqual({ name: 'alice.reown.id', registered: true })
    expect(list.slice(1).every((s) => !s.registered && s.name !== 'alice1.reown.id')).toBe(true)
    expect(list.length).toBe(5)
  })
})
