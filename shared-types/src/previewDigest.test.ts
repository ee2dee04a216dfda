import { describe, expect, it } from 'vitest'
import { CALLS_DIGEST_TAG, callsDigest, canonicalCall } from './previewDigest.ts'

const TO = '0x5fbdb2315678afecb367f032d93f642f64180aa3'

describe('preview digest (the one copy the API and the kernel share)', () => {
  it('canonical calls: checksummed callee, value as bigint from decimal or hex, lower-case calldata', () => {
    expect(canonicalCall({ to: TO, value: '0x10', data: '0xABCD' })).toEqual({
      to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      value: 16n,
      data: '0xabcd',
    })
    expect(canonicalCall({ to: TO })).toEqual(canonicalCall({ to: TO, value: '0', data: '0x' }))
  })

  it('refuses what it cannot encode rather than guessing', () => {
    expect(() => canonicalCall({ to: '0x1234', value: '1' })).toThrow()
    expect(() => canonicalCall({ to: TO, value: '1.5' })).toThrow()
    expect(() => canonicalCall({ to: TO, value: `0x1${'0'.repeat(64)}` })).toThrow()
    expect(() => canonicalCall({ to: TO, data: '0xabc' })).toThrow()
  })

  it('any byte of chain, sender, callee, value or data changes the digest; the written form does not', () => {
    const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const base = callsDigest(31337, from, [canonicalCall({ to: TO, value: '1', data: '0x00' })])
    expect(base).toMatch(/^0x[0-9a-f]{64}$/)
    expect(
      callsDigest(31337, from, [
        canonicalCall({ to: TO.toUpperCase().replace('0X', '0x'), value: '0x1', data: '0x00' }),
      ]),
    ).toBe(base)
    expect(callsDigest(31338, from, [canonicalCall({ to: TO, value: '1', data: '0x00' })])).not.toBe(base)
    expect(callsDigest(31337, from, [canonicalCall({ to: TO, value: '2', data: '0x00' })])).not.toBe(base)
    expect(callsDigest(31337, from, [canonicalCall({ to: TO, value: '1', data: '0x01' })])).not.toBe(base)
    expect(CALLS_DIGEST_TAG).toBe('portico.preview.calls.v1')
  })
})
