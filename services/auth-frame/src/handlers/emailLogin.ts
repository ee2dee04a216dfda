import { EMAIL_LOGIN_TTL_MS } from '@portico/shared-types'
import { defaultNetwork, parseNetwork } from '../chains.ts'
import type { RequestContext, Services } from '../context.ts'
import { newSecret } from '../crypto/vault.ts'
import type { FlowRow } from '../db/store.ts'
import { allowEmailSend } from '../email/allowed.ts'
import { checkOtp, codeMac, newOtp } from '../email/otp.ts'
import { parseEmail, parseOtp } from '../email/validate.ts'
import { ERRORS, FrameError } from '../errors.ts'
import { createUser, currentSession, issueSession } from '../users.ts'
import { newFlow } from './flows.ts'
import type { HandlerMap } from './types.ts'

/** CONNECT_DEVICE requests waiting at once on one login (each holds a connection for up to 25 s). */
export const MAX_WAITERS_PER_FLOW = 4
const waiters = new Map<string, number>()
/** How many CONNECT_DEVICE requests wait on a login right now. */
export const deviceWaiters = (flowId: string): number => waiters.get(flowId) ?? 0

/** behaviour §4 email login: CONNECT_EMAIL → VERIFY_DEVICE (new device) / VERIFY_OTP / CONNECT. */
export const emailLoginHandlers: HandlerMap = {
  async CONNECT_EMAIL(svc, ctx, payload) {
    const email = parseEmail(payload.email)
    const session = await currentSession(svc, ctx)
    if (session && (await svc.store.userById(session.user_id))?.email === email)
      return { result: { action: 'CONNECT' } }
    await allowEmailSend(svc, email, ctx.ip)
    const user = await svc.store.userByEmail(email)
    await svc.store.deleteFlowsOf(ctx.deviceHash, 'login')
    const flow = newFlow(
      svc,
      ctx,
      { kind: 'login', email, step: 'otp', user_id: user?.id ?? null },
      EMAIL_LOGIN_TTL_MS,
    )
    if (user && !(await svc.store.deviceKnown(user.id, ctx.deviceHash))) {
      const token = newSecret()
      await svc.store.insertFlow(
        { ...flow, step: 'device', link_mac: svc.vault.mac(`link:${flow.id}:${token}`) },
        svc.now(),
      )
      const link = `${svc.frameOrigin}/device/approve?flow=${flow.id}&token=${token}`
      await svc.mailer.send({
        to: email,
        subject: 'Approve this device',
        text: `Someone is signing in to your wallet from a new device. If it is you, approve it:\n${link}\n`,
      })
      return { result: { action: 'VERIFY_DEVICE' } }
    }
    await svc.store.insertFlow(flow, svc.now())
    await sendLoginCode(svc, flow)
    return { result: { action: 'VERIFY_OTP' } }
  },

  /** Waits (up to deviceWaitMs) for the mailbox link; the login code is mailed once it is opened. */
  async CONNECT_DEVICE(svc, ctx) {
    const flow = await svc.store.latestFlow(ctx.deviceHash, 'login', svc.now())
    if (!flow) throw new FrameError(ERRORS.noPendingLogin)
    if (flow.step !== 'device') return {}
    const waiting = waiters.get(flow.id) ?? 0
    if (waiting >= MAX_WAITERS_PER_FLOW) throw new FrameError(ERRORS.tooManyWaits, 429)
    waiters.set(flow.id, waiting + 1)
    try {
      const deadline = svc.now() + svc.config.deviceWaitMs
      for (;;) {
        await svc.deviceApproved.wait(flow.id, Math.min(1000, Math.max(0, deadline - svc.now())))
        const current = await svc.store.flow(flow.id)
        if (!current) throw new FrameError(ERRORS.noPendingLogin)
        if (current.step !== 'device') return {}
        if (svc.now() >= deadline) throw new FrameError(ERRORS.deviceNotApproved)
      }
    } finally {
      const left = (waiters.get(flow.id) ?? 1) - 1
      if (left > 0) waiters.set(flow.id, left)
      else waiters.delete(flow.id)
    }
  },

  async CONNECT_OTP(svc, ctx, payload) {
    const otp = parseOtp(payload.otp)
    const flow = await svc.store.latestFlow(ctx.deviceHash, 'login', svc.now())
    if (flow?.step !== 'otp') throw new FrameError(ERRORS.noPendingLogin)
    await checkOtp(svc, flow, otp)
    await svc.store.deleteFlow(flow.id)
    const user = (await svc.store.userByEmail(flow.email)) ?? (await createUser(svc, { email: flow.email }))
    await svc.store.addDevice(user.id, ctx.deviceHash, svc.now())
    return { session: await issueSession(svc, user.id, ctx, frameNetwork(svc, ctx)) }
  },
}

/**
 * Mails a fresh code for `flow` (to `to`). The new code replaces the flow's only if the mail went out: a
 * failed send (FrameError 'We could not send the email, try again') leaves the flow as it was, so the
 * user can simply ask again and no code is lost or half-issued.
 */
export async function sendLoginCode(svc: Services, flow: FlowRow, to = flow.email): Promise<void> {
  const code = newOtp()
  const before = await svc.store.flow(flow.id)
  // Stored before sending: a code that arrives faster than the write must already work.
  await svc.store.updateFlow(flow.id, {
    code_mac: codeMac(svc, flow.id, code),
    code_expires_at: svc.now() + svc.config.otp.ttlMs,
    attempts: 0,
  })
  const minutes = Math.round(svc.config.otp.ttlMs / 60_000)
  try {
    await svc.mailer.send({
      to,
      subject: `Your code: ${code}`,
      text: `Your one-time code is ${code}. It expires in ${minutes} minutes. Never share it.\n`,
    })
  } catch (error) {
    if (before)
      await svc.store.updateFlow(flow.id, {
        code_mac: before.code_mac,
        code_expires_at: before.code_expires_at,
        attempts: before.attempts,
      })
    throw error
  }
}

/** The device link of a mail (GET /device/approve): approves the device and mails the login code. */
export async function approveDevice(svc: Services, flowId: string, token: string): Promise<boolean> {
  const flow = await svc.store.flow(flowId)
  if (flow?.kind !== 'login' || flow.step !== 'device' || !flow.link_mac || flow.expires_at <= svc.now())
    return false
  if (!flow.user_id || !svc.vault.macEquals(`link:${flow.id}:${token}`, flow.link_mac)) return false
  // The code goes out first: if it cannot, the device stays unapproved and the link still works.
  await sendLoginCode(svc, flow)
  await svc.store.addDevice(flow.user_id, flow.device_hash, svc.now())
  await svc.store.updateFlow(flow.id, { step: 'otp', link_mac: null })
  svc.deviceApproved.notify(flow.id)
  return true
}

/** The network a login starts on: the one the frame was loaded with, else the default. */
export function frameNetwork(svc: Services, ctx: RequestContext) {
  try {
    return ctx.chainId === undefined ? defaultNetwork(svc.config) : parseNetwork(svc.config, ctx.chainId)
  } catch {
    return defaultNetwork(svc.config)
  }
}
