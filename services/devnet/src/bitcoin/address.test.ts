import { describe, expect, it } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEV_TAPROOT_ACCOUNT } from './accounts.ts'
import { decodeSegwitAddress, toBcoinAddress } from './address.ts'

describe('segwit addresses', () => {
  it('decodes the dev P2WPKH and taproot addresses', () => {
    const p2wpkh = decodeSegwitAddress(BITCOIN_DEV_ACCOUNTS[0]?.address ?? '')
    expect(p2wpkh).toMatchObject({ prefix: 'rb', version: 0 })
    expect(p2wpkh?.program).toHaveLength(20)
    const p2tr = decodeSegwitAddress(BITCOIN_DEV_TAPROOT_ACCOUNT.address)
    expect(p2tr).toMatchObject({ prefix: 'rb', version: 1 })
    expect(p2tr?.program).toHaveLength(32)
  })

  it('keeps a version 0 address and re-encodes taproot in bech32 for bcoin', () => {
    const p2wpkh = BITCOIN_DEV_ACCOUNTS[0]?.address ?? ''
    expect(toBcoinAddress(p2wpkh)).toBe(p2wpkh)
    const bcoinForm = toBcoinAddress(BITCOIN_DEV_TAPROOT_ACCOUNT.address)
    expect(bcoinForm).not.toBe(BITCOIN_DEV_TAPROOT_ACCOUNT.address)
    expect(bcoinForm?.startsWith('rb1p')).toBe(true)
    // Same program, other checksum: bech32m decoding of the bcoin form fails.
    expect(decodeSegwitAddress(bcoinForm ?? '')).toBeNull()
  })

  it('refuses bad checksums, wrong checksum kinds, bad lengths and non-strings', () => {
    const good = BITCOIN_DEV_ACCOUNTS[0]?.address ?? ''
    const flipped = `${good.slice(0, -1)}${good.endsWith('q') ? 'p' : 'q'}`
    for (const bad of [flipped, '', 'rb1', 'x'.repeat(200), '0xdeadbeef']) {
      expect(decodeSegwitAddress(bad)).toBeNull()
      expect(toBcoinAddress(bad)).toBeNull()
    }
    expect(decodeSegwitAddress(42 as unknown as string)).toBeNull()
  })
})
