import { randomBytes } from 'node:crypto'
import type { AuthFrameUser } from '@portico/shared-types'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

const url = process.env.PORTICO_TEST_DATABASE_URL

if (url) {
  describe('the auth frame on PostgreSQL', () => {
    const schema = `auth_frame_test_${randomBytes(6).toString('hex')}`
    let frame: TestFrame
    beforeAll(async () => {
      frame = await startTestFrame({ database: { kind: 'postgres', url, schema }, deviceWaitMs: 5000 })
    })
    afterAll(async () => {
      await frame?.close()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      } finally {
        await client.end()
      }
    })

    it('logs in by email, approves a new device, updates the email and caps code guesses', async () => {
      const email = uniqueEmail()
      const first = frame.device()
      await signIn(frame, first, email)
      const { address } = await first.ok<AuthFrameUser>('GET_USER')

      const second = frame.device()
      expect(await second.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
      const link = new URL((await frame.lastMail(email)).link as string)
      const waiting = second.call('CONNECT_DEVICE')
      const approved = await fetch(`${frame.server.url}/device/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          flow: link.searchParams.get('flow') ?? '',
          token: link.searchParams.get('token') ?? '',
        }),
      })
      expect(approved.status).toBe(200)
      expect(await waiting).toEqual({ ok: true })
      await second.ok('CONNECT_OTP', { otp: (await frame.lastMail(email)).code })
      expect((await second.ok<AuthFrameUser>('GET_USER')).address).toBe(address)

      const newEmail = uniqueEmail('new')
      await second.ok('UPDATE_EMAIL', { email: newEmail })
      await second.ok('UPDATE_EMAIL_PRIMARY_OTP', { otp: (await frame.lastMail(email)).code })
      expect(
        await second.ok('UPDATE_EMAIL_SECONDARY_OTP', { otp: (await frame.lastMail(newEmail)).code }),
      ).toEqual({ newEmail })

      const guesser = frame.device()
      const victim = uniqueEmail()
      await guesser.ok('CONNECT_EMAIL', { email: victim })
      const right = (await frame.lastMail(victim)).code
      const wrong = right === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) await guesser.call('CONNECT_OTP', { otp: wrong })
      expect(await guesser.error('CONNECT_OTP', { otp: right })).toBe('Too many attempts, request a new code')
      await second.ok('SIGN_OUT')
      expect(await second.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    })
  })
} else {
  const reason =
    'auth frame PostgreSQL tests skipped: PORTICO_TEST_DATABASE_URL is not set ' +
    '(`export PORTICO_TEST_DATABASE_URL="$(sh services/api/scripts/pg-test-setup.sh)"` starts a local one).'
  console.log(reason)
  describe('the auth frame on PostgreSQL', () => {
    it.skip(reason, () => {})
  })
}
