/**
 * The description's proof (described.ts) against a frame message that carries anything: only the proof
 * made for this session and this request hash, not yet expired, lets APPROVE_REQUEST approve.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createVault } from '../crypto/vault.ts'
import { DESCRIBED_TTL_MS, describedProof, isDescribed } from './described.ts'

const vault = createVault(randomBytes(32))
const NOW = 1_800_000_000_000
const proof = describedProof(vault, 'session-a', 'request-a', NOW)

describe('the proof that a request was described', () => {
  it('holds for its session and request until it expires', () => {
    expect(isDescribed(vault, proof, 'session-a', 'request-a', NOW)).toBe(true)
    expect(isDescribed(vault, proof, 'session-a', 'request-a', NOW + DESCRIBED_TTL_MS - 1)).toBe(true)
    expect(isDescribed(vault, proof, 'session-a', 'request-a', NOW + DESCRIBED_TTL_MS)).toBe(false)
  })

  it('not for another request, another session, or under another server key', () => {
    expect(isDescribed(vault, proof, 'session-a', 'request-b', NOW)).toBe(false)
    expect(isDescribed(vault, proof, 'session-b', 'request-a', NOW)).toBe(false)
    expect(isDescribed(createVault(randomBytes(32)), proof, 'session-a', 'request-a', NOW)).toBe(false)
  })

  it('refuses a changed expiry, a changed MAC, and whatever else a message may carry', () => {
    const [expiresAt, mac] = proof.split('.') as [string, string]
    const later = `${Number(expiresAt) + 1}.${mac}`
    const flipped = `${expiresAt}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`
    // An expiry further away than a description can live is refused before any MAC is checked.
    const far = describedProof(vault, 'session-a', 'request-a', NOW + DESCRIBED_TTL_MS)
    for (const forged of [
      later,
      flipped,
      far,
      `${proof}x`,
      '',
      '1.',
      `${'9'.repeat(17)}.${mac}`,
      42,
      null,
      { proof },
    ])
      expect(isDescribed(vault, forged, 'session-a', 'request-a', NOW), String(forged)).toBe(false)
  })
})
