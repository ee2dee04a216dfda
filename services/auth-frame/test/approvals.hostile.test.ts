/**
 * Unsafe requests are signed only with the one-time approval the frame gets after the user's click, and
 * the session is a cookie of the frame's origin that never reaches the page. Each rule here fails without
 * its code: the approval check in handlers/rpc.ts, the cookie and Sec-Fetch-Site checks in http/api.ts,
 * sign-out everywhere and sliding renewal in handlers/session.ts and users.ts.
 */
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_APPROVED } from '../src/handlers/rpc.ts'
import { DEVICE_COOKIE, SESSION_COOKIE } from '../src/http/cookies.ts'
import {
  APP_ORIGIN,
  errorOf,
  PROJECT,
  signIn,
  startTestFrame,
  type TestFrame,
  uniqueEmail,
} from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
})
afterAll(() => frame.close())

const MESSAGE = '0x68656c6c6f'

async function connected() {
  const device = frame.device()
  await signIn(frame, device, uniqueEmail())
  const { address } = await device.ok<{ address: `0x${string}` }>('GET_USER')
  return { device, address }
}

describe('an unsafe request needs the one-time approval of the user’s click', () => {
  it('without an approval, with a forged one, or with one for another request: 4001 and nothing signed', async () => {
    const { device, address } = await connected()
    const params = [MESSAGE, address]
    const refused = async (payload: Record<string, unknown>) => {
      const answer = await device.call('RPC_REQUEST', payload)
      expect(answer.ok, JSON.stringify(payload)).toBe(false)
      expect(answer).toMatchObject({ error: NOT_APPROVED, code: 4001 })
    }
    await refused({ method: 'personal_sign', params })
    await refused({ method: 'personal_sign', params, approval: 'F'.repeat(43) })
    await refused({ method: 'personal_sign', params, approval: { $ne: null } })
    await refused({ method: 'eth_sendTransaction', params: [{ to: address, value: '0x1' }] })
    // Approved: a message; used: another.
    const approval = await device.approval('personal_sign', params)
    await refused({ method: 'personal_sign', params: ['0x6f7468657221', address], approval })
    await refused({ method: 'eth_sendTransaction', params: [{ to: address, value: '0x1' }], approval })
    // The approval is still unused: the approved request itself goes through, once.
    const signature = await device.ok<`0x${string}`>('RPC_REQUEST', {
      method: 'personal_sign',
      params,
      approval,
    })
    expect(await recoverMessageAddress({ message: { raw: MESSAGE }, signature })).toBe(address)
    await refused({ method: 'personal_sign', params, approval })
  })

  it('an approval is bound to its session and expires', async () => {
    const alice = await connected()
    const mallory = await connected()
    const params = [MESSAGE, mallory.address]
    const approval = await alice.device.approval('personal_sign', params)
    expect(
      await errorOf(mallory.device.call('RPC_REQUEST', { method: 'personal_sign', params, approval })),
    ).toBe(NOT_APPROVED)
    const late = { approval: await alice.device.approval('personal_sign', [MESSAGE, alice.address]) }
    const realNow = frame.server.services.now
    frame.server.services.now = () => realNow() + frame.server.config.approvalTtlMs + 1
    try {
      expect(
        await errorOf(
          alice.device.call('RPC_REQUEST', {
            method: 'personal_sign',
            params: [MESSAGE, alice.address],
            approval: late.approval,
          }),
        ),
      ).toBe(NOT_APPROVED)
    } finally {
      frame.server.services.now = realNow
    }
  })

  it('two uses of one approval at once: exactly one is signed', async () => {
    const { device, address } = await connected()
    const params = [MESSAGE, address]
    const approval = await device.approval('personal_sign', params)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        device.call('RPC_REQUEST', { method: 'personal_sign', params, approval }),
      ),
    )
    expect(answers.filter((a) => a.ok)).toHaveLength(1)
  })

  it('reads need no approval', async () => {
    const { device, address } = await connected()
    expect(await device.ok('RPC_REQUEST', { method: 'eth_accounts' })).toEqual([address])
  })
})

const api = (headers: Record<string, string>, body: unknown) =>
  fetch(`${frame.server.url}/api/frame`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

function cookiesOf(response: Response): Record<string, string> {
  const jar: Record<string, string> = {}
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const [name, value] = (pair ?? '').split('=')
    if (name) jar[name] = value ?? ''
  }
  return jar
}

describe('the session is a cookie of the frame’s origin', () => {
  it('login sets HttpOnly, Partitioned, Secure cookies for the session and the device', async () => {
    const email = uniqueEmail()
    const device = 'c'.repeat(43)
    const headers = { origin: frame.server.url, 'x-portico-device': device, 'sec-fetch-site': 'same-origin' }
    const body = (type: string, payload: unknown) => ({
      type,
      payload,
      projectId: PROJECT,
      parentOrigin: APP_ORIGIN,
    })
    const first = await api(headers, body('CONNECT_EMAIL', { email }))
    const setCookies = first.headers.getSetCookie()
    expect(setCookies.some((c) => c.startsWith(`${DEVICE_COOKIE}=${device}`))).toBe(true)
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/'])
      expect(setCookies.join('\n')).toContain(flag)
    const code = (await frame.lastMail(email)).code
    const login = await api(
      { ...headers, cookie: `${DEVICE_COOKIE}=${device}` },
      body('CONNECT_OTP', { otp: code }),
    )
    const jar = cookiesOf(login)
    expect(jar[SESSION_COOKIE]).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The cookie alone is the session: no header, another in-memory device copy.
    const cookie = `${DEVICE_COOKIE}=${device}; ${SESSION_COOKIE}=${jar[SESSION_COOKIE]}`
    const user = await api(
      { origin: frame.server.url, 'x-portico-device': 'z'.repeat(43), cookie },
      body('IS_CONNECTED', {}),
    )
    expect(await user.json()).toMatchObject({ ok: true, result: { isConnected: true } })
  })

  it('a request the page’s scripts make (cross-site, or without the frame’s Origin) is refused before anything runs', async () => {
    const { device } = await connected()
    const cookie = `${DEVICE_COOKIE}=${device.secret}; ${SESSION_COOKIE}=${device.token}`
    const body = {
      type: 'APPROVE_REQUEST',
      payload: { method: 'personal_sign', params: [MESSAGE] },
      projectId: PROJECT,
      parentOrigin: APP_ORIGIN,
    }
    const attempts: Record<string, string>[] = [
      { origin: APP_ORIGIN, cookie },
      { origin: frame.server.url, 'sec-fetch-site': 'cross-site', cookie },
      { origin: frame.server.url, 'sec-fetch-site': 'same-site', cookie },
      { cookie },
    ]
    for (const headers of attempts) {
      const response = await api(headers, body)
      expect(response.status, JSON.stringify(headers)).toBe(403)
    }
  })

  it('sign-out ends the user’s sessions on every device', async () => {
    const email = uniqueEmail()
    const phone = frame.device()
    await signIn(frame, phone, email)
    const laptop = frame.device()
    // A known email on a new device: approve it by its mailed link, then the code.
    const { action } = await laptop.ok<{ action: string }>('CONNECT_EMAIL', { email })
    expect(action).toBe('VERIFY_DEVICE')
    const link = new URL((await frame.lastMail(email)).link as string)
    await fetch(`${frame.server.url}/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        flow: link.searchParams.get('flow') ?? '',
        token: link.searchParams.get('token') ?? '',
      }),
    })
    const code = (await frame.lastMail(email)).code
    await laptop.ok('CONNECT_OTP', { otp: code })
    expect(await phone.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    await laptop.ok('SIGN_OUT')
    expect(await phone.ok('IS_CONNECTED')).toEqual({ isConnected: false })
  })

  it('sessions slide: used within the idle time they live on, up to the cap; unused they end', async () => {
    const { device } = await connected()
    const realNow = frame.server.services.now
    const { sessionTtlMs, sessionMaxMs } = frame.server.config
    let offset = 0
    frame.server.services.now = () => realNow() + offset
    try {
      // Used every 0.9 idle periods: alive up to the cap, though far past one idle period.
      const step = Math.floor(sessionTtlMs * 0.9)
      for (offset = step; offset < sessionMaxMs; offset += step)
        expect(await device.ok('IS_CONNECTED'), `at ${offset} ms`).toEqual({ isConnected: true })
      // Just used (within its idle time), but past the cap.
      offset = sessionMaxMs + 1
      expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    } finally {
      frame.server.services.now = realNow
    }
    const idle = await connected()
    frame.server.services.now = () => realNow() + sessionTtlMs + 1
    try {
      expect(await idle.device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    } finally {
      frame.server.services.now = realNow
    }
  })
})
