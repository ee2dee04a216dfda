import type { Services } from '../context.ts'
import { ERRORS, FrameError } from '../errors.ts'

/**
 * behaviour §5 allowed-to-trigger rule for email sends: at most `perEmail.max` per address and
 * `perIp.max` per client IP within their windows (counted in the database, so every node agrees).
 * Records the send when allowed, in the same step as the count.
 */
export async function allowEmailSend(svc: Services, email: string, ip: string): Promise<void> {
  const { perEmail, perIp } = svc.config.emailRateLimit
  const now = svc.now()
  const recorded = await svc.store.recordEmailSendWithin(
    { email, ip, now },
    {
      perEmail: { max: perEmail.max, since: now - perEmail.windowMs },
      perIp: { max: perIp.max, since: now - perIp.windowMs },
    },
  )
  if (!recorded) throw new FrameError(ERRORS.tooManyEmails, 429)
}
