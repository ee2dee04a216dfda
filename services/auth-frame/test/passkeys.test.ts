import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FrameClient, signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'
import { addressOf, loginWithPasskey, registerPasskey } from './passkeyHelpers.ts'

let frame: TestFrame
// WebAuthn needs a domain name (browsers refuse an IP address): the frame is served as localhost.
beforeAll(async () => {
  frame = await startTestFrame({ host: 'localhost' })
})
afterAll(() => frame.close())

const signedIn = async (client: FrameClient) =>
  client.ok<{ isConnected: boolean }>('IS_CONNECTED').then((r) => r.isConnected)

describe('passkey login', () => {
  it('creates a wallet with a new passkey, then signs in with it on another device: the same wallet', async () => {
    const first = frame.device()
    const { credential, answer } = await registerPasskey(frame, first)
    expect(answer).toMatchObject({ ok: true })
    expect(await signedIn(first)).toBe(true)
    const address = await addressOf(first)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const second = frame.device()
    expect(await signedIn(second)).toBe(false)
    const { answer: login } = await loginWithPasskey(frame, second, credential)
    expect(login).toMatchObject({ ok: true })
    expect(await signedIn(second)).toBe(true)
    expect(await addressOf(second)).toBe(address)
  })

  it('adds a passkey to an email account; the passkey then signs in to that account', async () => {
    const email = uniqueEmail('passkey')
    const owner = frame.device()
    await signIn(frame, owner, email)
    const address = await addressOf(owner)
    const { credential, answer } = await registerPasskey(frame, owner, 'add')
    expect(answer).toEqual({ ok: true, result: { added: true } })

    const elsewhere = frame.device()
    expect((await loginWithPasskey(frame, elsewhere, credential)).answer).toMatchObject({ ok: true })
    expect(await addressOf(elsewhere)).toBe(address)
    expect(await elsewhere.ok('GET_USER', { chainId: 31337 })).toMatchObject({ email })
  })

  it('adding a passkey needs a signed-in account', async () => {
    expect(await frame.device().error('PASSKEY_REGISTER_START', { purpose: 'add' })).toBe(
      'Not connected: sign in first',
    )
  })

  it('a frame served from an IP address offers no passkeys (browsers refuse WebAuthn there)', async () => {
    const onIp = await startTestFrame()
    try {
      expect(await onIp.device().error('PASSKEY_LOGIN_START')).toBe(
        'Passkeys need the wallet to be served from a domain name',
      )
    } finally {
      await onIp.close()
    }
  })
})
