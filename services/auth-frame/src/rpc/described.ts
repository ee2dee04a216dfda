/**
 * The proof that the frame showed the user this exact request. DESCRIBE_REQUEST computes the summary
 * (decoded calls, simulation) from the params and answers it with this proof: an expiry and a MAC, under
 * the server key, of the session and the request's hash (requestHash.ts: method, params, site, network).
 * APPROVE_REQUEST issues an approval only for params whose hash the proof names, and that approval is in
 * turn bound to the same hash for RPC_REQUEST. So what is signed is what was described and simulated,
 * byte for byte: one changed byte between the description and the approval, or between the approval
 * and the signing call, is another hash and is refused.
 */
import type { Vault } from '../crypto/vault.ts'

/** How long a description may be approved: a user reading slowly, not a request kept for later. */
export const DESCRIBED_TTL_MS = 10 * 60_000
const PROOF = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/

const macText = (sessionHash: string, requestHash: string, expiresAt: number) =>
  `portico-auth-frame/described\n${sessionHash}\n${requestHash}\n${expiresAt}`

export function describedProof(vault: Vault, sessionHash: string, requestHash: string, now: number): string {
  const expiresAt = now + DESCRIBED_TTL_MS
  return `${expiresAt}.${vault.mac(macText(sessionHash, requestHash, expiresAt))}`
}

/** Whether `proof` (from the frame, so anything) was made for this session and request, and is current. */
export function isDescribed(
  vault: Vault,
  proof: unknown,
  sessionHash: string,
  requestHash: string,
  now: number,
): boolean {
  const match = typeof proof === 'string' ? PROOF.exec(proof) : null
  if (!match?.[1] || !match[2]) return false
  const expiresAt = Number(match[1])
  if (expiresAt <= now || expiresAt > now + DESCRIBED_TTL_MS) return false
  return vault.macEquals(macText(sessionHash, requestHash, expiresAt), match[2])
}
