import { randomBytes } from 'node:crypto'

export interface NonceStoreOptions {
  /** How long an issued nonce may be used. */
  ttlMs: number
  /** Outstanding (issued, unused, unexpired) nonces kept at most, all projects together. */
  maxOutstanding: number
  now?: () => number
}

export type TakeResult = 'ok' | 'unknown' | 'expired' | 'other-project'

/**
 * Sign-in nonces: random (128 bits, 32 hex characters), bound to the project that asked, usable once
 * and only until they expire. Held in memory (one API process): a nonce is forgotten once used or
 * expired, and at most `maxOutstanding` are outstanding (issuing more fails until some expire).
 */
export function createNonceStore(options: NonceStoreOptions) {
  const now = options.now ?? Date.now
  // Insertion order is expiry order (one TTL for all): expired ones are always at the front.
  const issued = new Map<string, { projectId: string; expiresAt: number }>()
  const prune = () => {
    const t = now()
    for (const [nonce, entry] of issued) {
      if (entry.expiresAt > t) break
      issued.delete(nonce)
    }
  }
  return {
    /** A fresh nonce for the project, or undefined when too many are outstanding. */
    issue(projectId: string): { nonce: string; expiresAt: number } | undefined {
      prune()
      if (issued.size >= options.maxOutstanding) return undefined
      const nonce = randomBytes(16).toString('hex')
      const expiresAt = now() + options.ttlMs
      issued.set(nonce, { projectId, expiresAt })
      return { nonce, expiresAt }
    },
    /** Uses the nonce up (whatever the result, it can never be taken again). */
    take(nonce: string, projectId: string): TakeResult {
      const entry = issued.get(nonce)
      if (!entry) return 'unknown'
      issued.delete(nonce)
      if (entry.expiresAt <= now()) return 'expired'
      if (entry.projectId !== projectId) return 'other-project'
      return 'ok'
    },
    size(): number {
      prune()
      return issued.size
    },
  }
}

export type NonceStore = ReturnType<typeof createNonceStore>
