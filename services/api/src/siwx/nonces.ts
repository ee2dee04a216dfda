import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SiwxNonceLedger, SiwxNonceUseResult } from '../db/siwxNoncesRepository.ts'

export type NonceCheck =
  | {
      ok: true /** Unique per nonce (its MAC): what a use is recorded under. */
      id: string
      expiresAt: number
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'other-project' }

const VERSION = 0x01
// version (1) | issued at, unix ms (6) | expires at, unix ms (6) | project tag (8) | random (12) | MAC (16)
const BODY_BYTES = 1 + 6 + 6 + 8 + 12
const MAC_BYTES = 16
/** 98 lower-case hex characters: EIP-4361 nonces are 8+ letters or digits (our parser takes ≤ 128). */
const NONCE = new RegExp(`^01[0-9a-f]{${(BODY_BYTES + MAC_BYTES) * 2 - 2}}$`)

const subkey = (key: Buffer, label: string) => createHmac('sha256', key).update(label).digest()

/**
 * Sign-in nonces without storage: each carries its project (as a keyed tag), issue time and expiry
 * and is HMAC-signed with the service's key, so any node holding the key verifies what another issued.
 * Single use is the ledger's (recorded only when a nonce is used).
 */
export function createNonceSigner(key: Buffer, ttlMs: number) {
  const macKey = subkey(key, 'portico siwx nonce mac v1')
  const tagKey = subkey(key, 'portico siwx nonce project v1')
  const tag = (projectId: string) => createHmac('sha256', tagKey).update(projectId).digest().subarray(0, 8)
  const mac = (body: Buffer) => createHmac('sha256', macKey).update(body).digest().subarray(0, MAC_BYTES)
  return {
    /** A fresh nonce for the project, usable until `expiresAt` (unix ms). */
    issue(projectId: string, now: number): { nonce: string; expiresAt: number } {
      const expiresAt = now + ttlMs
      const body = Buffer.alloc(BODY_BYTES)
      body.writeUInt8(VERSION, 0)
      body.writeUIntBE(now, 1, 6)
      body.writeUIntBE(expiresAt, 7, 6)
      tag(projectId).copy(body, 13)
      randomBytes(12).copy(body, 21)
      return { nonce: Buffer.concat([body, mac(body)]).toString('hex'), expiresAt }
    },
    /** Whether this service issued the nonce, to this project, and it has not expired (not whether it was used). */
    check(nonce: string, projectId: string, now: number): NonceCheck {
      if (!NONCE.test(nonce)) return { ok: false, reason: 'unknown' }
      const bytes = Buffer.from(nonce, 'hex')
      const body = bytes.subarray(0, BODY_BYTES)
      const given = bytes.subarray(BODY_BYTES)
      if (!timingSafeEqual(given, mac(body))) return { ok: false, reason: 'unknown' }
      if (!timingSafeEqual(body.subarray(13, 21), tag(projectId)))
        return { ok: false, reason: 'other-project' }
      const expiresAt = body.readUIntBE(7, 6)
      if (expiresAt <= now) return { ok: false, reason: 'expired' }
      return { ok: true, id: given.toString('hex'), expiresAt }
    },
  }
}

export type NonceSigner = ReturnType<typeof createNonceSigner>

/**
 * The used-nonce ledger of one process (a standalone verifier without a database): records kept until
 * `keepUntil`, at most `maxPerClient` per project and client.
 */
export function createMemoryNonceLedger(): SiwxNonceLedger & { size(now: number): number } {
  const used = new Map<string, { owner: string; keepUntil: number }>()
  const perOwner = new Map<string, number>()
  let nextSweep = 0
  const sweep = (now: number) => {
    if (now < nextSweep) return
    nextSweep = now + 1000
    for (const [id, entry] of used)
      if (entry.keepUntil <= now) {
        used.delete(id)
        const left = (perOwner.get(entry.owner) ?? 1) - 1
        if (left > 0) perOwner.set(entry.owner, left)
        else perOwner.delete(entry.owner)
      }
  }
  return {
    async useSiwxNonce(use, { maxPerClient, now }): Promise<SiwxNonceUseResult> {
      sweep(now)
      if (used.has(use.id)) return 'used'
      const owner = `${use.projectId}\n${use.client}`
      const count = perOwner.get(owner) ?? 0
      if (count >= maxPerClient) return 'full'
      used.set(use.id, { owner, keepUntil: use.keepUntil })
      perOwner.set(owner, count + 1)
      return 'ok'
    },
    size(now) {
      nextSweep = 0
      sweep(now)
      return used.size
    },
  }
}
