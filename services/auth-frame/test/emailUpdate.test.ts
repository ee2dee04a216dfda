import type { AuthFrameUser } from '@portico/shared-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
})
afterAll(() => frame.close())

describe('email update (behaviour §4: VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP returns the new email)', () => {
  it('a code to the current address, then one to the new address, changes the email and keeps the wallet', async () => {
    const oldEmail = uniqueEmail('old')
    const newEmail = uniqueEmail('new')
    const device = frame.device()
    await signIn(frame, device, oldEmail)
    const { address } = await device.ok<AuthFrameUser>('GET_USER')

    expect(await device.ok('UPDATE_EMAIL', { email: newEmail })).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await frame.lastMail(oldEmail)
    // The secondary step cannot be skipped to.
    expect(await device.error('UPDATE_EMAIL_SECONDARY_OTP', { otp: primary.code })).toBe(
      'No email update in progress',
    )
    expect(await frame.mailbox(newEmail)).toHaveLength(0)
    await device.ok('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary.code })

    const secondary = await frame.lastMail(newEmail)
    expect(secondary.code).toMatch(/^\d{6}$/)
    // The primary code is not the secondary one (unless by 1-in-a-million chance).
    if (secondary.code !== primary.code)
      expect(await device.error('UPDATE_EMAIL_SECONDARY_OTP', { otp: primary.code })).toBe('Invalid code')
    expect(await device.ok('UPDATE_EMAIL_SECONDARY_OTP', { otp: secondary.code })).toEqual({ newEmail })
    expect(await device.ok<AuthFrameUser>('GET_USER')).toMatchObject({ email: newEmail, address })

    // The old address no longer names this wallet; the new one does (same device: straight to the code).
    await device.ok('SIGN_OUT')
    expect(await device.ok('CONNECT_EMAIL', { email: newEmail })).toEqual({ action: 'VERIFY_OTP' })
    await device.ok('CONNECT_OTP', { otp: (await frame.lastMail(newEmail)).code })
    expect((await device.ok<AuthFrameUser>('GET_USER')).address).toBe(address)
  })

  it('refuses the current email, an email in use, and requests without a session', async () => {
    const mine = uniqueEmail()
    const theirs = uniqueEmail()
    const device = frame.device()
    await signIn(frame, device, mine)
    await signIn(frame, frame.device(), theirs)
    expect(await device.error('UPDATE_EMAIL', { email: mine })).toBe('The new email is the current one')
    expect(await device.error('UPDATE_EMAIL', { email: theirs })).toBe('This email is already in use')
    expect(await device.error('UPDATE_EMAIL', { email: 'nope' })).toBe('Invalid email address')
    expect(await frame.device().error('UPDATE_EMAIL', { email: uniqueEmail() })).toBe(
      'Not connected: sign in first',
    )
  })
})
