import { type AuthFrameUser, EMAIL_CODE_TTL_MS } from '@portico/shared-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({ deviceWaitMs: 1500 })
})
afterAll(() => frame.close())

describe('email login (behaviour §4)', () => {
  it('a new email gets VERIFY_OTP, the mailed 6-digit code connects, GET_USER names the new wallet', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    expect(await device.ok('CONNECT_EMAIL', { email: `  ${email.toUpperCase()} ` })).toEqual({
      action: 'VERIFY_OTP',
    })
    const mail = await frame.lastMail(email)
    expect(mail.code).toMatch(/^\d{6}$/)
    // The lifetime the code screen states (shared-types) is the one enforced and mailed.
    expect(frame.server.config.otp.ttlMs).toBe(EMAIL_CODE_TTL_MS)
    expect(mail.text).toContain(`It expires in ${EMAIL_CODE_TTL_MS / 60_000} minutes.`)
    const answer = await device.call('CONNECT_OTP', { otp: mail.code })
    expect(answer).toMatchObject({ ok: true })
    expect(device.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    const user = await device.ok<AuthFrameUser>('GET_USER', { chainId: 31337 })
    expect(user).toMatchObject({
      email,
      chainId: 31337,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
  })

  it('answers CONNECT when this device already has a session for that email, without mailing', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    await signIn(frame, device, email)
    const before = (await frame.mailbox(email)).length
    expect(await device.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'CONNECT' })
    expect(await frame.mailbox(email)).toHaveLength(before)
  })

  it('a new device of a known email must be approved from the mailbox (VERIFY_DEVICE), then the code connects the same wallet', async () => {
    const email = uniqueEmail()
    const first = frame.device()
    await signIn(frame, first, email)
    const { address } = await first.ok<AuthFrameUser>('GET_USER')

    const second = frame.device()
    expect(await second.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    const approval = await frame.lastMail(email)
    expect(approval.subject).toBe('Approve this device')
    expect(approval.link).toMatch(new RegExp(`^${frame.server.url}/device/approve\\?flow=`))
    // No code before the device is approved.
    expect(await second.error('CONNECT_OTP', { otp: '000000' })).toBe(
      'No login in progress: enter your email again',
    )

    const waiting = second.call('CONNECT_DEVICE')
    const page = await fetch(approval.link as string)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Approve this device')
    const link = new URL(approval.link as string)
    const approved = await fetch(`${frame.server.url}/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        flow: link.searchParams.get('flow') ?? '',
        token: link.searchParams.get('token') ?? '',
      }),
    })
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('Device approved')
    expect(await waiting).toEqual({ ok: true })

    const code = await frame.lastMail(email)
    expect(code.code).toMatch(/^\d{6}$/)
    await second.ok('CONNECT_OTP', { otp: code.code })
    expect((await second.ok<AuthFrameUser>('GET_USER')).address).toBe(address)
    // Known now: the next login on it goes straight to the code.
    await second.ok('SIGN_OUT')
    expect(await second.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
  })

  it('CONNECT_DEVICE answers an error when the link is not opened in time', async () => {
    const email = uniqueEmail()
    await signIn(frame, frame.device(), email)
    const other = frame.device()
    expect(await other.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    expect(await other.error('CONNECT_DEVICE')).toBe('The device was not approved in time')
  })

  it('SIGN_OUT ends the session: IS_CONNECTED false, GET_USER refused', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const token = device.token
    expect(await device.call('SIGN_OUT')).toEqual({ ok: true, session: null })
    expect(device.token).toBeUndefined()
    expect(await device.ok('IS_CONNECTED', { token })).toEqual({ isConnected: false })
    expect(await device.error('GET_USER')).toBe('Not connected: sign in first')
  })

  it('IS_CONNECTED is true again for the same device secret and token after a reload (what the frame resumes from the app copy)', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const reloaded = frame.device({ secret: device.secret })
    expect(await reloaded.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    reloaded.token = device.token as string
    expect(await reloaded.ok('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('refuses an invalid email and a malformed code with clear messages', async () => {
    const device = frame.device()
    for (const email of ['', 'not-an-email', 'a@', '@b.co', `${'a'.repeat(250)}@b.co`, 42, null])
      expect(await device.error('CONNECT_EMAIL', { email })).toBe('Invalid email address')
    await device.ok('CONNECT_EMAIL', { email: uniqueEmail() })
    for (const otp of ['12345', '1234567', 'abcdef', 123456])
      expect(await device.error('CONNECT_OTP', { otp })).toBe('Invalid code')
  })

  it('an expired code is refused', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    await device.ok('CONNECT_EMAIL', { email })
    const mail = await frame.lastMail(email)
    const realNow = frame.server.services.now
    frame.server.services.now = () => realNow() + frame.server.config.otp.ttlMs + 1
    try {
      expect(await device.error('CONNECT_OTP', { otp: mail.code })).toBe(
        'The code has expired, request a new one',
      )
    } finally {
      frame.server.services.now = realNow
    }
  })
})
