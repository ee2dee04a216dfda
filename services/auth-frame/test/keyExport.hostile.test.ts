import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_PENDING_EXPORT } from '../src/handlers/keyExport.ts'
import { signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
})
afterAll(() => frame.close())

describe('key export needs a fresh mailed code, on the device that asked', () => {
  it('a session alone gets no key; the code gives the key of the account’s own address, once', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    await signIn(frame, device, email)
    const { accounts } = await device.ok<{ accounts: { address: string; type: string }[] }>('GET_USER')
    const eoa = accounts.find((a) => a.type === 'eoa')?.address
    // No export in progress: the login code, or any code, is refused.
    expect(await device.error('EXPORT_KEY', { otp: '123456' })).toBe(NO_PENDING_EXPORT)
    await device.ok('EXPORT_KEY_START')
    const code = (await frame.lastMail(email)).code as string
    // Another device (without this device's session) cannot use the code.
    const other = frame.device()
    expect(await other.error('EXPORT_KEY', { otp: code })).toBe('Not connected: sign in first')
    const keys = await device.ok<{ eip155: { address: string; privateKey: `0x${string}` } }>('EXPORT_KEY', {
      otp: code,
    })
    expect(privateKeyToAccount(keys.eip155.privateKey).address).toBe(eoa)
    expect(keys.eip155.address).toBe(eoa)
    expect(await device.error('EXPORT_KEY', { otp: code })).toBe(NO_PENDING_EXPORT)
  })

  it('wrong codes are counted: after the cap even the right one is refused', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    await signIn(frame, device, email)
    await device.ok('EXPORT_KEY_START')
    const code = (await frame.lastMail(email)).code as string
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < frame.server.config.otp.maxAttempts; i++)
      await device.error('EXPORT_KEY', { otp: wrong })
    expect(await device.error('EXPORT_KEY', { otp: code })).toBe('Too many attempts, request a new code')
  })
})
