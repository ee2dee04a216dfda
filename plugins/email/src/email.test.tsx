// @vitest-environment jsdom

import { connectedState, fakeContext } from '@portico/plugin-testing'
import { EMAIL_CODE_TTL_MS, type KernelState } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSharedFrames } from '../../embedded-wallet/src/session.ts'
import { FRAME_URL, readyPeer } from '../../embedded-wallet/test/testPeer.ts'
import { EmailConnect } from './EmailConnect.tsx'
import { EMAIL_CONNECTOR_ID, VIEWS } from './flow.ts'
import { cleanOtp, parseEmail } from './validation.ts'
import { VerifyOtpView } from './views.tsx'

const ADDRESS = '0x1111111111111111111111111111111111111111'

function memoryStorage() {
  const data = new Map<string, unknown>()
  return {
    data,
    get: <T,>(key: string) => data.get(key) as T | undefined,
    set: (key: string, value: unknown) => void data.set(key, value),
    remove: (key: string) => void data.delete(key),
  }
}

function setup() {
  const base = connectedState(ADDRESS)
  const state = {
    ...base,
    options: { projectId: 'p', authFrameUrl: FRAME_URL },
    theme: { themeMode: 'dark', themeVariables: {} },
    connectors: [{ id: EMAIL_CONNECTOR_ID, type: 'AUTH', name: 'Email', chain: 'eip155' }],
  } as unknown as KernelState
  const storage = memoryStorage()
  const connect = vi.fn(async () => ({ supported: true }))
  const { ctx } = fakeContext(state, { pluginId: 'email', storage })
  ctx.account.connect = connect
  return { ctx, storage, connect }
}

afterEach(() => {
  cleanup()
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
  forgetSharedFrames()
})

describe('validation', () => {
  it.each(['a@b.co', ' user.name+tag@sub.example.org '])('accepts %s', (email) => {
    expect(parseEmail(email)).toBe(email.trim())
  })
  it.each([
    '',
    'plain',
    'a@b',
    '@b.co',
    'a@b..co',
    'a b@c.co',
    `${'a'.repeat(250)}@b.co`,
    'a@-b.co',
  ])('refuses %j', (email) => expect(parseEmail(email)).toBeUndefined())
  it('keeps 6 digits of a pasted code', () => expect(cleanOtp('123 456 7')).toBe('123456'))
})

describe('email login', () => {
  it('refuses an invalid address before the frame is even loaded', async () => {
    const { ctx } = setup()
    render(<EmailConnect ctx={ctx} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email. Try again.')
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('focus in the email field loads the frame ahead of Continue (no frame before any intent)', async () => {
    const { ctx } = setup()
    render(<EmailConnect ctx={ctx} />)
    expect(document.querySelector('iframe')).toBeNull()
    fireEvent.focus(screen.getByLabelText('Email'))
    const peer = await readyPeer({})
    expect(peer.posted.some((message) => message.type === '@portico/app/CONNECT_EMAIL')).toBe(false)
  })

  it('CONNECT_EMAIL → VERIFY_OTP pushes EmailVerifyOtp; a frame error shows', async () => {
    const { ctx } = setup()
    render(<EmailConnect ctx={ctx} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const peer = await readyPeer({ CONNECT_EMAIL: () => ({ ok: true, payload: { action: 'VERIFY_OTP' } }) })
    await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith(VIEWS.verifyOtp, { email: 'a@b.co' }))
    const sent = peer.posted.find((message) => message.type === '@portico/app/CONNECT_EMAIL')
    expect(sent?.payload).toEqual({ email: 'a@b.co' })
    peer.handle('CONNECT_EMAIL', () => ({ ok: false, message: 'Too many emails: try again later' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Too many emails: try again later')).toBeTruthy()
  })

  it('a wrong code shows the frame error; the right one stores the login and connects ID_AUTH', async () => {
    const { ctx, storage, connect } = setup()
    render(<VerifyOtpView ctx={ctx as PluginContext} params={{ email: 'a@b.co' }} />)
    const code = screen.getByRole('group', { name: 'Verification code' })
    const first = within(code).getByRole('textbox', { name: 'Digit 1 of 6' })
    expect(
      within(code)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`))
    fireEvent.change(first, { target: { value: '111111' } })
    await readyPeer({
      CONNECT_OTP: (message) =>
        (message.payload as { otp: string }).otp === '123456'
          ? { ok: true }
          : { ok: false, message: 'Invalid code' },
    })
    expect(await screen.findByText('Invalid code')).toBeTruthy()
    expect(connect).not.toHaveBeenCalled()
    // The refused code is gone and typing starts again in the first box.
    expect(
      within(code)
        .getAllByRole('textbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(Array(6).fill(''))
    expect(document.activeElement).toBe(first)
    // Typed one digit at a time: each box moves on, the sixth submits.
    for (const [index, digit] of [...'123456'].entries())
      fireEvent.change(within(code).getByRole('textbox', { name: `Digit ${index + 1} of 6` }), {
        target: { value: digit },
      })
    await waitFor(() => expect(connect).toHaveBeenCalledWith(EMAIL_CONNECTOR_ID))
    expect(storage.data.get('email')).toBe('a@b.co')
    expect(storage.data.get('email_login_used')).toBe(true)
    expect(typeof storage.data.get('last_email_login_time')).toBe('number')
    expect(ctx.modal.close).toHaveBeenCalled()
  })

  it('an incomplete code is refused before the frame is asked, and says the expiry the frame enforces', async () => {
    const { ctx } = setup()
    render(<VerifyOtpView ctx={ctx as PluginContext} params={{ email: 'a@b.co' }} />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Enter the 6-digit code')
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(`The code expires in ${EMAIL_CODE_TTL_MS / 60_000} minutes`)).toBeTruthy()
    expect(document.querySelector('iframe')).toBeNull()
  })
})
