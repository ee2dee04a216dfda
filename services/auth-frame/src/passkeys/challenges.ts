import { randomUUID } from 'node:crypto'
import type { RequestContext, Services } from '../context.ts'
import { type CeremonyKind, type ChallengeRow, passkeyStore } from '../db/passkeys.ts'
import { FrameError } from '../errors.ts'

/** A ceremony's challenge is good for this long (the browser's own timeout is 60 s). */
export const CHALLENGE_TTL_MS = 2 * 60_000
/** Ceremonies started per client IP, and per account for registrations to it, within the window. */
export const PASSKEY_RATE_LIMIT = { max: 30, windowMs: 15 * 60_000 }

export const PASSKEY_ERRORS = {
  tooMany: 'Too many passkey attempts, try again later',
  noCeremony: 'No passkey request in progress: try again',
  notVerified: 'The passkey could not be verified',
  unknown: 'This passkey is not known here',
  taken: 'This passkey is already registered',
  unavailable: 'Passkeys need the wallet to be served from a domain name',
} as const

/**
 * Who the frame is to WebAuthn: its own origin and host, never the embedding page's. A passkey made
 * here is bound to the frame's host, and an assertion made for any other origin or host fails.
 */
export function relyingParty(svc: Services): { rpID: string; origin: string } {
  const url = new URL(svc.frameOrigin)
  // Browsers refuse WebAuthn on an IP address; say so rather than issuing options that cannot work.
  if (/^[\d.]+$|^\[/.test(url.hostname)) throw new FrameError(PASSKEY_ERRORS.unavailable)
  return { rpID: url.hostname, origin: url.origin }
}

/** Records a fresh challenge for this device and project, within the rate limit. */
export async function issueChallenge(
  svc: Services,
  ctx: RequestContext,
  kind: CeremonyKind,
  challenge: string,
  userId: string | null,
): Promise<void> {
  const now = svc.now()
  const recorded = await passkeyStore(svc.store.driver).insertChallengeWithin(
    {
      id: randomUUID(),
      kind,
      device_hash: ctx.deviceHash,
      project_id: ctx.projectId,
      user_id: userId,
      challenge,
      ip: ctx.ip,
      created_at: now,
      expires_at: now + CHALLENGE_TTL_MS,
    },
    { max: PASSKEY_RATE_LIMIT.max, since: now - PASSKEY_RATE_LIMIT.windowMs },
  )
  if (!recorded) throw new FrameError(PASSKEY_ERRORS.tooMany, 429)
}

/** The device's pending challenge of a kind, taken (used) whatever the verification says next. */
export async function takeChallenge(
  svc: Services,
  ctx: RequestContext,
  kind: CeremonyKind,
): Promise<ChallengeRow> {
  const row = await passkeyStore(svc.store.driver).takeChallenge(
    ctx.deviceHash,
    ctx.projectId,
    kind,
    svc.now(),
  )
  if (!row) throw new FrameError(PASSKEY_ERRORS.noCeremony)
  return row
}
