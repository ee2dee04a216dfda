import { describe, expect, it } from 'vitest'
import {
  desktopPairingAction,
  isPairingExpired,
  mobilePairingAction,
  pairingExpiry,
  pairingRefreshDelay,
} from './pairing.ts'

const NOW = 1_700_000_000_000
const URI = 'wc:abc@2?relay-protocol=irn&symKey=def'

describe('pairing expiry (behaviour §5, §9)', () => {
  it('lasts 4 minutes', () => {
    expect(pairingExpiry(NOW)).toBe(NOW + 240_000)
  })

  it('is expired when 10 s or less remain, or when there is none', () => {
    expect(isPairingExpired(NOW + 10_001, NOW)).toBe(false)
    expect(isPairingExpired(NOW + 10_000, NOW)).toBe(true)
    expect(isPairingExpired(NOW - 1, NOW)).toBe(true)
    expect(isPairingExpired(undefined, NOW)).toBe(true)
  })

  it('is replaced when it becomes expired', () => {
    expect(pairingRefreshDelay(NOW + 240_000, NOW)).toBe(230_000)
    expect(pairingRefreshDelay(NOW + 5_000, NOW)).toBe(0)
  })
})

describe('behaviour §4 mobile pairing (Telegram, Safari on iOS)', () => {
  it('waits for an in-flight pairing, even one whose uri is not there yet', () => {
    expect(mobilePairingAction({ inFlight: true, now: NOW })).toBe('wait')
    expect(mobilePairingAction({ inFlight: true, wcUri: URI, wcPairingExpiry: NOW + 60_000, now: NOW })).toBe(
      'wait',
    )
  })

  it('reuses the existing uri while the pairing has not expired', () => {
    expect(
      mobilePairingAction({ inFlight: false, wcUri: URI, wcPairingExpiry: NOW + 60_000, now: NOW }),
    ).toBe('reuse')
  })

  it('otherwise starts a new pairing', () => {
    expect(mobilePairingAction({ inFlight: false, now: NOW })).toBe('new')
    expect(
      mobilePairingAction({ inFlight: false, wcUri: URI, wcPairingExpiry: NOW + 10_000, now: NOW }),
    ).toBe('new')
    expect(
      mobilePairingAction({
        inFlight: false,
        wcUri: URI,
        wcPairingExpiry: NOW + 60_000,
        wcError: true,
        now: NOW,
      }),
    ).toBe('new')
  })
})

describe('desktop pairing', () => {
  it('keeps a pairing in flight while it is prepared or shown unexpired', () => {
    expect(desktopPairingAction({ inFlight: true, now: NOW })).toBe('wait')
    expect(
      desktopPairingAction({ inFlight: true, wcUri: URI, wcPairingExpiry: NOW + 60_000, now: NOW }),
    ).toBe('reuse')
  })

  it('starts a new one after an error, an expiry, or when nothing is in flight', () => {
    expect(
      desktopPairingAction({ inFlight: false, wcUri: URI, wcPairingExpiry: NOW + 60_000, now: NOW }),
    ).toBe('new')
    expect(desktopPairingAction({ inFlight: true, wcUri: URI, wcPairingExpiry: NOW + 9_000, now: NOW })).toBe(
      'new',
    )
    expect(desktopPairingAction({ inFlight: true, wcError: true, now: NOW })).toBe('new')
  })
})
