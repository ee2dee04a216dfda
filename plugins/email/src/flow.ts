/**
 * behaviour §4 email login and email update through the auth frame. Plain async functions over the shared
 * embedded-wallet session; views only render and call these.
 */
import type { PluginContext } from '@portico/shared-types/plugin'
import { finishConnect, rememberEmailLogin, sessionOf } from '../../embedded-wallet/src/index.ts'

/** The email plugin's AUTH connector (behaviour §3 known id). */
export const EMAIL_CONNECTOR_ID = 'ID_AUTH'

export const VIEWS = {
  verifyOtp: 'EmailVerifyOtp',
  verifyDevice: 'EmailVerifyDevice',
  updateEmail: 'UpdateEmail',
  updatePrimaryOtp: 'UpdateEmailPrimaryOtp',
  updateSecondaryOtp: 'UpdateEmailSecondaryOtp',
  approve: 'ApproveTransaction',
  accountType: 'EmailAccountType',
  exportKey: 'EmailExportKey',
  passkey: 'EmailPasskey',
  addPasskey: 'EmailAddPasskey',
} as const

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The frame logged the visitor in: remember it (behaviour §3) and connect the AUTH connector. */
async function connected(ctx: PluginContext, email: string) {
  rememberEmailLogin(ctx, email)
  await finishConnect(ctx, EMAIL_CONNECTOR_ID)
}

/** CONNECT_EMAIL: the frame answers VERIFY_DEVICE, VERIFY_OTP or CONNECT (a session it still has). */
export async function submitEmail(ctx: PluginContext, email: string): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  const { action } = await frame.request('CONNECT_EMAIL', { email })
  if (action === 'VERIFY_OTP') ctx.router.push(VIEWS.verifyOtp, { email })
  else if (action === 'VERIFY_DEVICE') ctx.router.push(VIEWS.verifyDevice, { email })
  else if (action === 'CONNECT') await connected(ctx, email)
  else throw new Error('The embedded wallet answered an unknown action')
}

/** Sends the code again (a new CONNECT_EMAIL; the frame applies its allowed-to-trigger rule). */
export async function resendCode(ctx: PluginContext, email: string): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  await frame.request('CONNECT_EMAIL', { email })
}

export async function submitOtp(ctx: PluginContext, email: string, otp: string): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  await frame.request('CONNECT_OTP', { otp })
  await connected(ctx, email)
}

/** CONNECT_DEVICE resolves once the visitor opened the link; the code step follows. */
export async function waitForDevice(ctx: PluginContext, email: string, signal?: AbortSignal): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  await frame.request('CONNECT_DEVICE', undefined, signal ? { signal } : {})
  ctx.router.replace(VIEWS.verifyOtp, { email })
}

/** UPDATE_EMAIL: the current address confirms first (VERIFY_PRIMARY_OTP), then the new one. */
export async function startEmailUpdate(ctx: PluginContext, email: string): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  const { action } = await frame.request('UPDATE_EMAIL', { email })
  if (action === 'VERIFY_PRIMARY_OTP') ctx.router.push(VIEWS.updatePrimaryOtp, { email })
  else if (action === 'VERIFY_SECONDARY_OTP') ctx.router.push(VIEWS.updateSecondaryOtp, { email })
  else throw new Error('The embedded wallet answered an unknown action')
}

export async function submitPrimaryOtp(ctx: PluginContext, email: string, otp: string): Promise<void> {
  const frame = await sessionOf(ctx).frame()
  await frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
  ctx.router.replace(VIEWS.updateSecondaryOtp, { email })
}

/** The new address confirmed: the frame returns it; it is stored (behaviour §3) and the Account view shows again. */
export async function submitSecondaryOtp(ctx: PluginContext, otp: string): Promise<string> {
  const frame = await sessionOf(ctx).frame()
  const { newEmail } = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
  if (typeof newEmail !== 'string') throw new Error('The embedded wallet returned no email')
  rememberEmailLogin(ctx, newEmail)
  return newEmail
}
