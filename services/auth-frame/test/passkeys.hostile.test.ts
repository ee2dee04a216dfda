import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHALLENGE_TTL_MS, PASSKEY_ERRORS, PASSKEY_RATE_LIMIT } from '../src/passkeys/challenges.ts'
import { MALFORMED_PASSKEY } from '../src/passkeys/response.ts'
import { APP_ORIGIN, PROJECT, signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'
import { frameCeremony, loginWithPasskey, registerPasskey } from './passkeyHelpers.ts'
import { assert, register } from './softAuthenticator.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({ host: 'localhost' })
})
afterAll(() => frame.close())
// Every request here comes from one IP: each test starts with the ceremony budget unspent (the limit
// itself has its own test, on its own frame).
beforeEach(() => frame.server.store.driver.run('DELETE FROM passkey_challenges WHERE used_at IS NOT NULL'))

const errorOf = (answer: { ok: boolean; error?: string }) => (answer.ok ? 'succeeded' : answer.error)

async function newPasskey() {
  const { credential, answer } = await registerPasskey(frame, frame.device())
  expect(answer.ok).toBe(true)
  return credential
}

describe('passkeys (hostile)', () => {
  it('a replayed assertion signs nobody in: its challenge was used, and a new challenge is not the one it signed', async () => {
    const credential = await newPasskey()
    const device = frame.device()
    const { answer, response } = await loginWithPasskey(frame, device, credential)
    expect(answer.ok).toBe(true)
    const attacker = frame.device()
    // Same device, the challenge already taken:
    expect(errorOf(await device.call('PASSKEY_LOGIN', { response }))).toBe(PASSKEY_ERRORS.noCeremony)
    // A fresh challenge, the old answer:
    await attacker.ok('PASSKEY_LOGIN_START')
    expect(errorOf(await attacker.call('PASSKEY_LOGIN', { response }))).toBe(PASSKEY_ERRORS.notVerified)
    expect(await attacker.ok('IS_CONNECTED')).toEqual({ isConnected: false })
  })

  it('a failed answer uses the challenge up too: one verification per challenge', async () => {
    const credential = await newPasskey()
    const device = frame.device()
    const { answer } = await loginWithPasskey(frame, device, credential, { origin: APP_ORIGIN })
    expect(errorOf(answer)).toBe(PASSKEY_ERRORS.notVerified)
    const { response } = await loginWithPasskey(frame, frame.device(), credential)
    expect(errorOf(await device.call('PASSKEY_LOGIN', { response }))).toBe(PASSKEY_ERRORS.noCeremony)
  })

  it('an expired challenge is refused', async () => {
    const credential = await newPasskey()
    const device = frame.device()
    const { options } = await device.ok<{ options: { challenge: string } }>('PASSKEY_LOGIN_START')
    const response = assert(credential, frameCeremony(frame, options.challenge))
    const svc = frame.server.services
    const realNow = svc.now
    svc.now = () => realNow() + CHALLENGE_TTL_MS + 1
    try {
      expect(errorOf(await device.call('PASSKEY_LOGIN', { response }))).toBe(PASSKEY_ERRORS.noCeremony)
    } finally {
      svc.now = realNow
    }
  })

  it('an assertion made for the embedding page’s origin, another rpID, or under another page is refused', async () => {
    const credential = await newPasskey()
    const elsewhere = [
      { origin: APP_ORIGIN, topOrigin: undefined },
      { rpID: 'evil.example' },
      { rpID: '127.0.0.1' },
      // The frame embedded by a page that is not the one this request was checked for:
      { topOrigin: 'http://evil.example' },
    ]
    for (const tweak of elsewhere) {
      const device = frame.device()
      expect(errorOf((await loginWithPasskey(frame, device, credential, tweak)).answer)).toBe(
        PASSKEY_ERRORS.notVerified,
      )
      expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    }
  })

  it('a registration made for the embedding page’s origin, another rpID, or under another page creates nothing', async () => {
    for (const tweak of [
      { origin: APP_ORIGIN },
      { rpID: 'evil.example' },
      { topOrigin: 'http://evil.example' },
    ]) {
      const device = frame.device()
      const { answer } = await registerPasskey(frame, device, 'signup', tweak)
      expect(errorOf(answer)).toBe(PASSKEY_ERRORS.notVerified)
      expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    }
  })

  it('a counter that goes back (or stays) is a cloned authenticator: refused', async () => {
    const credential = await newPasskey()
    expect((await loginWithPasskey(frame, frame.device(), credential, { counter: 5 })).answer.ok).toBe(true)
    for (const counter of [3, 5]) {
      const device = frame.device()
      expect(errorOf((await loginWithPasskey(frame, device, credential, { counter })).answer)).toBe(
        PASSKEY_ERRORS.notVerified,
      )
      expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    }
    expect((await loginWithPasskey(frame, frame.device(), credential, { counter: 6 })).answer.ok).toBe(true)
  })

  it('an unknown credential signs nobody in', async () => {
    const device = frame.device()
    const { options } = await device.ok<{ options: { challenge: string } }>('PASSKEY_LOGIN_START')
    const stranger = register(frameCeremony(frame, options.challenge), 'c29tZW9uZQ').credential
    const response = assert(stranger, frameCeremony(frame, options.challenge))
    expect(errorOf(await device.call('PASSKEY_LOGIN', { response }))).toBe(PASSKEY_ERRORS.unknown)
  })

  it('user A’s passkey cannot sign in as user B, nor be added to B’s account', async () => {
    const credentialOfA = await newPasskey()
    const b = frame.device()
    const { answer } = await registerPasskey(frame, b)
    expect(answer.ok).toBe(true)
    const { options } = await b.ok<{ options: { user: { id: string } } }>('PASSKEY_REGISTER_START', {
      purpose: 'add',
    })
    const handleOfB = options.user.id
    // The authenticator says B; the credential is A's.
    const device = frame.device()
    expect(
      errorOf((await loginWithPasskey(frame, device, credentialOfA, { userHandle: handleOfB })).answer),
    ).toBe(PASSKEY_ERRORS.notVerified)
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    // B registers A's credential (same id and key) to B's account.
    const { options: add } = await b.ok<{ options: { challenge: string } }>('PASSKEY_REGISTER_START', {
      purpose: 'add',
    })
    const renamed = register(frameCeremony(frame, add.challenge), handleOfB).response as {
      id: string
      rawId: string
    }
    renamed.id = credentialOfA.id
    renamed.rawId = credentialOfA.id
    expect(errorOf(await b.call('PASSKEY_REGISTER', { response: renamed }))).toBe(PASSKEY_ERRORS.notVerified)
    // The same credential (id and key) attested again, for B:
    const { options: again } = await b.ok<{ options: { challenge: string } }>('PASSKEY_REGISTER_START', {
      purpose: 'add',
    })
    const { response } = register(frameCeremony(frame, again.challenge), handleOfB, credentialOfA)
    expect(errorOf(await b.call('PASSKEY_REGISTER', { response }))).toBe(PASSKEY_ERRORS.taken)
    // A still signs in as A.
    expect((await loginWithPasskey(frame, frame.device(), credentialOfA)).answer.ok).toBe(true)
  })

  it('an addition started by A cannot be finished by B’s session on the same device', async () => {
    const email = uniqueEmail('a')
    const device = frame.device()
    await signIn(frame, device, email)
    const { options } = await device.ok<{ options: { challenge: string; user: { id: string } } }>(
      'PASSKEY_REGISTER_START',
      { purpose: 'add' },
    )
    // The same device signs in as someone else before answering.
    await device.ok('SIGN_OUT')
    await signIn(frame, device, uniqueEmail('b'))
    const { response } = register(frameCeremony(frame, options.challenge), options.user.id)
    expect(errorOf(await device.call('PASSKEY_REGISTER', { response }))).toBe(PASSKEY_ERRORS.noCeremony)
  })

  it('oversize answers are refused before anything is decoded; oversize bodies are refused by the server', async () => {
    const device = frame.device()
    const { options } = await device.ok<{ options: { challenge: string; user: { id: string } } }>(
      'PASSKEY_REGISTER_START',
    )
    const { response } = register(frameCeremony(frame, options.challenge), options.user.id)
    const inner = response.response as Record<string, string>
    inner.attestationObject = 'A'.repeat(40_000)
    expect(errorOf(await device.call('PASSKEY_REGISTER', { response }))).toBe(MALFORMED_PASSKEY)
    const huge = await fetch(`${frame.server.url}/api/frame`, {
      method: 'POST',
      headers: {
        origin: frame.server.url,
        'content-type': 'application/json',
        'x-portico-device': device.secret,
      },
      body: JSON.stringify({
        type: 'PASSKEY_LOGIN',
        payload: { response: { id: 'x', padding: 'A'.repeat(200_000) } },
        projectId: PROJECT,
        parentOrigin: APP_ORIGIN,
      }),
    })
    expect(huge.status).toBe(413)
  })

  it('ceremonies are limited per client IP', async () => {
    const limited = await startTestFrame({ host: 'localhost' })
    try {
      const device = limited.device()
      for (let i = 0; i < PASSKEY_RATE_LIMIT.max; i++) await device.ok('PASSKEY_LOGIN_START')
      const answer = await limited.device().call('PASSKEY_LOGIN_START')
      expect(errorOf(answer)).toBe(PASSKEY_ERRORS.tooMany)
    } finally {
      await limited.close()
    }
  })
})
