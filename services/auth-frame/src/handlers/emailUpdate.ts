import { allowEmailSend } from '../email/allowed.ts'
import { checkOtp } from '../email/otp.ts'
import { parseEmail, parseOtp } from '../email/validate.ts'
import { ERRORS, FrameError } from '../errors.ts'
import { requireSession } from '../users.ts'
import { sendLoginCode } from './emailLogin.ts'
import { newFlow } from './flows.ts'
import type { HandlerMap } from './types.ts'

const FLOW_TTL_MS = 15 * 60_000

/**
 * behaviour §4 email update: UPDATE_EMAIL mails a code to the current address (VERIFY_PRIMARY_OTP);
 * that code mails one to the new address (VERIFY_SECONDARY_OTP); that one changes the email.
 */
export const emailUpdateHandlers: HandlerMap = {
  async UPDATE_EMAIL(svc, ctx, payload) {
    const { user } = await requireSession(svc, ctx)
    const newEmail = parseEmail(payload.email)
    if (!user.email) throw new FrameError(ERRORS.noPendingUpdate)
    if (newEmail === user.email) throw new FrameError(ERRORS.sameEmail)
    if (await svc.store.userByEmail(newEmail)) throw new FrameError(ERRORS.emailTaken)
    await allowEmailSend(svc, user.email, ctx.ip)
    await svc.store.deleteFlowsOf(ctx.deviceHash, 'update')
    const flow = newFlow(
      svc,
      ctx,
      { kind: 'update', email: user.email, new_email: newEmail, user_id: user.id, step: 'primary' },
      FLOW_TTL_MS,
    )
    await svc.store.insertFlow(flow, svc.now())
    await sendLoginCode(svc, flow)
    return { result: { action: 'VERIFY_PRIMARY_OTP' } }
  },

  async UPDATE_EMAIL_PRIMARY_OTP(svc, ctx, payload) {
    const otp = parseOtp(payload.otp)
    const { user } = await requireSession(svc, ctx)
    const flow = await svc.store.latestFlow(ctx.deviceHash, 'update', svc.now())
    if (!flow || flow.user_id !== user.id || flow.step !== 'primary' || !flow.new_email)
      throw new FrameError(ERRORS.noPendingUpdate)
    await checkOtp(svc, flow, otp)
    await allowEmailSend(svc, flow.new_email, ctx.ip)
    // The next step only once its code went out (a failed send leaves this step, and its code, as they were).
    await sendLoginCode(svc, flow, flow.new_email)
    await svc.store.updateFlow(flow.id, { step: 'secondary' })
    return {}
  },

  async UPDATE_EMAIL_SECONDARY_OTP(svc, ctx, payload) {
    const otp = parseOtp(payload.otp)
    const { user } = await requireSession(svc, ctx)
    const flow = await svc.store.latestFlow(ctx.deviceHash, 'update', svc.now())
    if (!flow || flow.user_id !== user.id || flow.step !== 'secondary' || !flow.new_email)
      throw new FrameError(ERRORS.noPendingUpdate)
    await checkOtp(svc, flow, otp)
    if (await svc.store.userByEmail(flow.new_email)) throw new FrameError(ERRORS.emailTaken)
    await svc.store.updateUser(user.id, { email: flow.new_email })
    await svc.store.deleteFlow(flow.id)
    return { result: { newEmail: flow.new_email } }
  },
}
