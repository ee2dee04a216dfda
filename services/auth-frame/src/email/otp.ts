import { randomInt } from 'node:crypto'
import type { Services } from '../context.ts'
import type { FlowRow } from '../db/store.ts'
import { ERRORS, FrameError } from '../errors.ts'

export const OTP_LENGTH = 6

/** A uniformly random 6-digit code. */
export function newOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
}

export const codeMac = (svc: Services, flowId: string, code: string) => svc.vault.mac(`otp:${flowId}:${code}`)

/**
 * Checks a code against a flow: expired → error; after `maxAttempts` wrong codes the flow's code is
 * dead until a new one is sent (the attempt is counted in the database before comparing, so parallel
 * guesses cannot exceed the cap).
 */
export async function checkOtp(svc: Services, flow: FlowRow, otp: string): Promise<void> {
  if (!flow.code_mac || flow.code_expires_at === null) throw new FrameError(ERRORS.invalidOtp)
  if (flow.code_expires_at <= svc.now()) throw new FrameError(ERRORS.otpExpired)
  const counted = await svc.store.countAttempt(flow.id, svc.config.otp.maxAttempts)
  if (!counted) throw new FrameError(ERRORS.tooManyAttempts)
  if (!svc.vault.macEquals(`otp:${flow.id}:${otp}`, flow.code_mac)) {
    const after = await svc.store.flow(flow.id)
    throw new FrameError(
      after && after.attempts >= svc.config.otp.maxAttempts ? ERRORS.tooManyAttempts : ERRORS.invalidOtp,
    )
  }
}
