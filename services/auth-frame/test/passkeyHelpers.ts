import { type Answer, APP_ORIGIN, type FrameClient, type TestFrame } from './helpers.ts'
import { assert, type Ceremony, register, type SoftCredential } from './softAuthenticator.ts'

interface Options {
  challenge: string
  user?: { id: string }
}

/**
 * The ceremony a browser runs on the frame's own page, embedded by the app: the frame's origin, its host
 * as rpID, the app as the top origin.
 */
export const frameCeremony = (frame: TestFrame, challenge: string): Ceremony => ({
  challenge,
  origin: frame.server.url,
  rpID: new URL(frame.server.url).hostname,
  topOrigin: APP_ORIGIN,
})

/** PASSKEY_REGISTER_START → a new credential (for `ceremony`'s origin and rpID) → PASSKEY_REGISTER. */
export async function registerPasskey(
  frame: TestFrame,
  client: FrameClient,
  purpose: 'signup' | 'add' = 'signup',
  ceremony: Partial<Ceremony> = {},
): Promise<{ credential: SoftCredential; answer: Answer }> {
  const { options } = await client.ok<{ options: Options }>('PASSKEY_REGISTER_START', { purpose })
  const { credential, response } = register(
    { ...frameCeremony(frame, options.challenge), ...ceremony },
    options.user?.id ?? '',
  )
  return { credential, answer: await client.call('PASSKEY_REGISTER', { response }) }
}

/** PASSKEY_LOGIN_START → an assertion of `credential` (tweaked as told) → PASSKEY_LOGIN. */
export async function loginWithPasskey(
  frame: TestFrame,
  client: FrameClient,
  credential: SoftCredential,
  tweak: Partial<Ceremony> & { counter?: number; userHandle?: string } = {},
): Promise<{ answer: Answer; response: Record<string, unknown> }> {
  const { options } = await client.ok<{ options: Options }>('PASSKEY_LOGIN_START')
  const { counter, userHandle, ...ceremony } = tweak
  const response = assert(
    credential,
    { ...frameCeremony(frame, options.challenge), ...ceremony },
    {
      ...(counter !== undefined && { counter }),
      ...(userHandle !== undefined && { userHandle }),
    },
  )
  return { answer: await client.call('PASSKEY_LOGIN', { response }), response }
}

export async function addressOf(client: FrameClient): Promise<string> {
  const user = await client.ok<{ address: string }>('GET_USER', { chainId: 31337 })
  return user.address
}
