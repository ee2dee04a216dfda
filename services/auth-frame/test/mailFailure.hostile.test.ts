/**
 * A mail that cannot be sent loses nothing: the flow stays where it was and the user can ask again
 * (handlers/emailLogin.ts sendLoginCode, approveDevice; handlers/emailUpdate.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_SEND_FAILED, type Mail } from '../src/email/mailer.ts'
import { FrameError } from '../src/errors.ts'
import { startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

const sent: Mail[] = []
let failing = false
let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({
    devMailbox: false,
    mailer: {
      async send(mail) {
        if (failing) throw new FrameError(EMAIL_SEND_FAILED)
        sent.push(mail)
      },
    },
  })
})
afterAll(() => frame.close())

const lastTo = (to: string) => [...sent].reverse().find((mail) => mail.to === to) as Mail
const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] as string
const linkIn = (mail: Mail) => /(http\S+)/.exec(mail.text)?.[1] as string

async function login(email: string) {
  const device = frame.device()
  await device.ok('CONNECT_EMAIL', { email })
  await device.ok('CONNECT_OTP', { otp: codeIn(lastTo(email)) })
  return device
}

describe('a failed send loses nothing', () => {
  it('login: the error is clear and asking again works', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    failing = true
    expect(await device.error('CONNECT_EMAIL', { email })).toBe(EMAIL_SEND_FAILED)
    failing = false
    await device.ok('CONNECT_EMAIL', { email })
    await device.ok('CONNECT_OTP', { otp: codeIn(lastTo(email)) })
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('new device: a link opened while mail fails approves nothing and works again later', async () => {
    const email = uniqueEmail()
    await login(email)
    const laptop = frame.device()
    expect(await laptop.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    const link = new URL(linkIn(lastTo(email)))
    const approve = () =>
      fetch(`${frame.server.url}/device/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          flow: link.searchParams.get('flow') ?? '',
          token: link.searchParams.get('token') ?? '',
        }),
      })
    failing = true
    const refused = await approve()
    expect(refused.status).toBe(503)
    expect(await refused.text()).toContain(EMAIL_SEND_FAILED)
    failing = false
    expect((await approve()).status).toBe(200)
    await laptop.ok('CONNECT_OTP', { otp: codeIn(lastTo(email)) })
    expect(await laptop.ok('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('email update: the new address’s code failing keeps the first step and its code', async () => {
    const email = uniqueEmail()
    const next = uniqueEmail('next')
    const device = await login(email)
    expect(await device.ok('UPDATE_EMAIL', { email: next })).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = codeIn(lastTo(email))
    failing = true
    expect(await device.error('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })).toBe(EMAIL_SEND_FAILED)
    failing = false
    await device.ok('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })
    expect(await device.ok('UPDATE_EMAIL_SECONDARY_OTP', { otp: codeIn(lastTo(next)) })).toEqual({
      newEmail: next,
    })
  })
})
