import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceWaiters } from '../src/handlers/emailLogin.ts'
import { APP_ORIGIN, PROJECT, signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({
    emailRateLimit: { perEmail: { max: 3, windowMs: 60_000 }, perIp: { max: 1000, windowMs: 60_000 } },
  })
})
afterAll(() => frame.close())

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${frame.server.url}/api/frame`, {
    method: 'POST',
    headers: {
      origin: frame.server.url,
      'content-type': 'application/json',
      'x-portico-device': 'd'.repeat(43),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('the frame page and its backend refuse other origins', () => {
  it('serves the frame only for an allowed parent origin of the project, embeddable by that origin only', async () => {
    const ok = await fetch(
      `${frame.server.frameUrl}?projectId=${PROJECT}&parentOrigin=${encodeURIComponent(APP_ORIGIN)}`,
    )
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP_ORIGIN};`)
    for (const query of [
      `projectId=${PROJECT}&parentOrigin=${encodeURIComponent('http://evil.example')}`,
      `projectId=${PROJECT}&parentOrigin=${encodeURIComponent(`${APP_ORIGIN}/path`)}`,
      `projectId=${PROJECT}&parentOrigin=${encodeURIComponent('javascript:alert(1)')}`,
      `projectId=${PROJECT}`,
      `projectId=other&parentOrigin=${encodeURIComponent(APP_ORIGIN)}`,
      `projectId=__proto__&parentOrigin=${encodeURIComponent(APP_ORIGIN)}`,
      `projectId=${PROJECT}&parentOrigin=${encodeURIComponent(APP_ORIGIN)}&parentOrigin=x`,
    ]) {
      const refused = await fetch(`${frame.server.frameUrl}?${query}`)
      expect(refused.status, query).toBe(403)
      const html = await refused.text()
      expect(html).not.toContain('<script')
      expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })

  it('answers the backend only to the frame origin, for an allowed project and parent origin', async () => {
    const body = { type: 'GET_CHAIN_ID', payload: {}, projectId: PROJECT, parentOrigin: APP_ORIGIN }
    expect((await post(body)).status).toBe(200)
    expect((await post(body, { origin: APP_ORIGIN })).status).toBe(403)
    expect((await post(body, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await post(body, { origin: 'null' })).status).toBe(403)
    expect((await post({ ...body, parentOrigin: 'http://evil.example' })).status).toBe(403)
    expect((await post({ ...body, projectId: 'constructor' })).status).toBe(403)
  })
})

describe('malformed and oversized requests are refused without a crash', () => {
  it('bad bodies, unknown types, bad device ids and bad tokens get 400', async () => {
    const base = { type: 'GET_CHAIN_ID', payload: {}, projectId: PROJECT, parentOrigin: APP_ORIGIN }
    for (const body of [
      '{',
      'null',
      '[]',
      { ...base, type: 'EVAL' },
      { ...base, type: 'SYNC_THEME' },
      { ...base, type: '__proto__' },
      { ...base, payload: [] },
      { ...base, payload: 'x' },
      { ...base, projectId: 7 },
      { ...base, chainId: { a: 1 } },
    ])
      expect((await post(body)).status, JSON.stringify(body)).toBe(400)
    expect((await post(base, { 'x-portico-device': 'short' })).status).toBe(400)
    expect((await post(base, { authorization: 'Basic abc' })).status).toBe(400)
    expect((await post(base, { authorization: `Bearer ${'x'.repeat(500)}` })).status).toBe(400)
    const huge = await post({ ...base, payload: { blob: 'x'.repeat(200_000) } })
    expect(huge.status).toBe(413)
    // Still serving.
    expect((await post(base)).status).toBe(200)
  })
})

describe('one-time code brute force is capped', () => {
  it('after 5 wrong codes even the right one is refused until a new code is sent', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    await device.ok('CONNECT_EMAIL', { email })
    const right = (await frame.lastMail(email)).code as string
    const wrong = right === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await device.error('CONNECT_OTP', { otp: wrong }))
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid code'))
    expect(answers[4]).toBe('Too many attempts, request a new code')
    expect(await device.error('CONNECT_OTP', { otp: right })).toBe('Too many attempts, request a new code')
    expect(device.token).toBeUndefined()
    // A new code works.
    await device.ok('CONNECT_EMAIL', { email })
    await device.ok('CONNECT_OTP', { otp: (await frame.lastMail(email)).code })
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('parallel guesses do not exceed the cap', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    await device.ok('CONNECT_EMAIL', { email })
    const right = (await frame.lastMail(email)).code as string
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '9')).filter(
      (g) => g !== right,
    )
    const answers = await Promise.all(guesses.map((otp) => device.error('CONNECT_OTP', { otp })))
    expect(answers.filter((a) => a === 'Invalid code').length).toBeLessThanOrEqual(5)
    expect(await device.error('CONNECT_OTP', { otp: right })).toBe('Too many attempts, request a new code')
  })

  it('a code is bound to the device that asked for it', async () => {
    const email = uniqueEmail()
    await frame.device().ok('CONNECT_EMAIL', { email })
    const code = (await frame.lastMail(email)).code
    expect(await frame.device().error('CONNECT_OTP', { otp: code })).toBe(
      'No login in progress: enter your email again',
    )
  })
})

describe('email sends are rate limited (behaviour §5 allowed-to-trigger)', () => {
  it('per email address', async () => {
    const email = uniqueEmail()
    const device = frame.device()
    for (let i = 0; i < 3; i++) await device.ok('CONNECT_EMAIL', { email })
    expect(await device.error('CONNECT_EMAIL', { email })).toBe('Too many emails sent, try again later')
    expect(await frame.mailbox(email)).toHaveLength(3)
  })

  it('per client IP, which a client cannot choose with X-Forwarded-For unless a proxy is trusted', async () => {
    const limited = await startTestFrame({ emailRateLimit: { perIp: { max: 2, windowMs: 60_000 } } })
    try {
      const device = limited.device()
      await device.ok('CONNECT_EMAIL', { email: uniqueEmail() })
      await device.ok('CONNECT_EMAIL', { email: uniqueEmail() })
      const third = uniqueEmail()
      expect(await device.error('CONNECT_EMAIL', { email: third })).toBe(
        'Too many emails sent, try again later',
      )
      expect(await limited.mailbox(third)).toHaveLength(0)
      const spoofed = await fetch(`${limited.server.url}/api/frame`, {
        method: 'POST',
        headers: {
          origin: limited.server.url,
          'content-type': 'application/json',
          'x-portico-device': 'd'.repeat(43),
          'x-forwarded-for': '203.0.113.9',
        },
        body: JSON.stringify({
          type: 'CONNECT_EMAIL',
          payload: { email: third },
          projectId: PROJECT,
          parentOrigin: APP_ORIGIN,
        }),
      })
      expect(await spoofed.json()).toEqual({ ok: false, error: 'Too many emails sent, try again later' })
    } finally {
      await limited.close()
    }
  })
})

describe('session tokens cannot be forged or moved', () => {
  it('random, other-device, revoked and expired tokens are not sessions', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const token = device.token as string

    const forged = frame.device()
    forged.token = randomBytes(32).toString('base64url')
    expect(await forged.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(await forged.error('RPC_REQUEST', { method: 'eth_accounts' })).toBe('Not connected: sign in first')

    const thief = frame.device()
    thief.token = token
    // Nor can another device end it.
    await thief.ok('SIGN_OUT')
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    thief.token = token
    expect(await thief.ok('IS_CONNECTED', { token })).toEqual({ isConnected: false })
    expect(await thief.error('GET_USER')).toBe('Not connected: sign in first')
    expect(await thief.error('RPC_REQUEST', { method: 'personal_sign', params: ['0x00'] })).toBe(
      'Not connected: sign in first',
    )

    const realNow = frame.server.services.now
    frame.server.services.now = () => realNow() + frame.server.config.sessionTtlMs + 1
    try {
      expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    } finally {
      frame.server.services.now = realNow
    }
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    await device.ok('SIGN_OUT')
    device.token = token
    expect(await device.ok('IS_CONNECTED', { token })).toEqual({ isConnected: false })
  })

  it('a device link with a forged token or flow approves nothing', async () => {
    const email = uniqueEmail()
    await signIn(frame, frame.device(), email)
    const other = frame.device()
    await other.ok('CONNECT_EMAIL', { email })
    const link = new URL((await frame.lastMail(email)).link as string)
    const approve = (flow: string, token: string) =>
      fetch(`${frame.server.url}/device/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ flow, token }),
      })
    const flow = link.searchParams.get('flow') as string
    expect((await approve(flow, randomBytes(32).toString('base64url'))).status).toBe(400)
    expect(
      (await approve('00000000-0000-0000-0000-000000000000', link.searchParams.get('token') as string))
        .status,
    ).toBe(400)
    expect((await approve(`${flow}<script>`, 'x')).status).toBe(400)
    expect(await other.error('CONNECT_OTP', { otp: '123456' })).toBe(
      'No login in progress: enter your email again',
    )
  })
})

describe('device-approval waits are bounded', () => {
  it('at most 4 CONNECT_DEVICE waits per login at once; the rest are refused at once', async () => {
    const email = uniqueEmail()
    await signIn(frame, frame.device(), email)
    const other = frame.device()
    expect(await other.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    const link = new URL((await frame.lastMail(email)).link as string)
    const waits = Array.from({ length: 4 }, () => other.call('CONNECT_DEVICE'))
    const flow = link.searchParams.get('flow') ?? ''
    await expect.poll(() => deviceWaiters(flow)).toBe(4)
    expect(await other.error('CONNECT_DEVICE')).toBe('This login is already waiting for the device approval')
    await fetch(`${frame.server.url}/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        flow: link.searchParams.get('flow') ?? '',
        token: link.searchParams.get('token') ?? '',
      }),
    })
    expect(await Promise.all(waits)).toEqual(Array(4).fill({ ok: true }))
  })
})

describe('the behaviour §5 allow-list', () => {
  it('refuses every method outside it, before anything else', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'eth_signTypedData',
      'eth_signTypedData_v3',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_sendUserOperation',
      'debug_traceTransaction',
      'anvil_setBalance',
      'evm_mine',
      'personal_ecRecover',
      'constructor',
      '__proto__',
      '',
      42,
      undefined,
    ])
      expect(await device.error('RPC_REQUEST', { method, params: [] }), String(method)).toBe(
        'Requested RPC call is not allowed',
      )
    // Refused without a session too (no hint whether one exists).
    expect(await frame.device().error('RPC_REQUEST', { method: 'eth_sign' })).toBe(
      'Requested RPC call is not allowed',
    )
  })
})

describe('the dev mailbox page', () => {
  it('escapes what it shows', async () => {
    const email = uniqueEmail()
    await frame.server.services.mailer.send({
      to: email,
      subject: '<img src=x onerror=alert(1)>',
      text: '<script>alert(1)</script> http://evil.example/"><b>',
    })
    const html = await (await fetch(`${frame.server.mailboxUrl}.html?to=${encodeURIComponent(email)}`)).text()
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('href="http://evil')
    expect(html).toContain('&#60;script&#62;')
  })
})
