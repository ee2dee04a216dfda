import type { Services } from '../context.ts'
import { ERRORS, FrameError } from '../errors.ts'

/**
 * SPEC §5 allowed-to-trigger rule for email sends: at most `perEmail.max` per address and
 * `perIp.max` per client IP within their windows (counted in the database, so every node agrees).
 * Records the send when allowed.
 */
export async function allowEmailSend(svc: Services, email: string, ip: string): Promise<void> {
  const { perEmail, perIp } = svc.config.emailRateLimit
  const now = svc.now()
  const [byEmail, byIp] = await Promise.all([
    svc.store.emailSendsSince('email', email, now - perEmail.windowMs),
    svc.store.emailSendsSince('ip', ip, now - perIp.windowMs),
  ])
  if (byEmail >= perEmail.max || byIp >= perIp.max) throw new FrameError(ERRORS.tooManyEmails, 429)
  await svc.store.recordEmailSend(email, ip, now)
}
