import { PAIRING_EXPIRED_WHEN_REMAINING_MS, PAIRING_EXPIRY_MS } from '@portico/shared-types'

/** behaviour §9: a pairing lives 4 minutes. */
export const pairingExpiry = (now: number = Date.now()) => now + PAIRING_EXPIRY_MS

/** behaviour §5: a pairing is expired when 10 s or less remain (or when there is none). */
export function isPairingExpired(expiry: number | undefined, now: number = Date.now()): boolean {
  return expiry === undefined || expiry - now <= PAIRING_EXPIRED_WHEN_REMAINING_MS
}

/** When the shown pairing should be replaced: `PAIRING_EXPIRED_WHEN_REMAINING_MS` before its end. */
export const pairingRefreshDelay = (expiry: number, now: number = Date.now()) =>
  Math.max(0, expiry - PAIRING_EXPIRED_WHEN_REMAINING_MS - now)

/** wait: attach to the pairing in flight; reuse: keep the shown URI; new: start a new pairing. */
export type PairingAction = 'wait' | 'reuse' | 'new'

export interface PairingFacts {
  /** A pairing was started and has neither been approved nor failed. */
  inFlight: boolean
  wcUri?: string
  wcPairingExpiry?: number
  /** The last pairing failed. */
  wcError?: boolean
  now: number
}

/**
 * behaviour §4 mobile pairing (Telegram, Safari on iOS): connect waits for an in-flight pairing, reuses
 * the existing uri while the pairing has not expired, and otherwise starts a new pairing.
 */
export function mobilePairingAction(facts: PairingFacts): PairingAction {
  if (facts.inFlight) return 'wait'
  if (facts.wcUri && !facts.wcError && !isPairingExpired(facts.wcPairingExpiry, facts.now)) return 'reuse'
  return 'new'
}

/**
 * Everywhere else: a pairing in flight is kept while it is still being prepared or its unexpired
 * uri is shown (reopening the view shows the same QR code); anything else starts a new pairing.
 */
export function desktopPairingAction(facts: PairingFacts): PairingAction {
  if (!facts.inFlight || facts.wcError) return 'new'
  if (!facts.wcUri) return 'wait'
  return isPairingExpired(facts.wcPairingExpiry, facts.now) ? 'new' : 'reuse'
}
