import { randomUUID } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers'
import { passkeyStore } from '../db/passkeys.ts'
import { FrameError } from '../errors.ts'
import { issueChallenge, PASSKEY_ERRORS, relyingParty, takeChallenge } from '../passkeys/challenges.ts'
import { parseAuthentication, parseRegistration } from '../passkeys/response.ts'
import { createUser, issueSession, requireSession } from '../users.ts'
import { frameNetwork } from './emailLogin.ts'
import type { HandlerMap } from './types.ts'

const RP_NAME = 'Portico wallet'
const TIMEOUT_MS = 60_000
/** ES256 and RS256: what platform and roaming authenticators make. */
const ALGORITHMS = [-7, -257]

/**
 * The page the frame is embedded in, as the browser wrote it into the signed client data (`topOrigin`,
 * for a ceremony in a cross-origin iframe): it must be the embedding origin this request was checked
 * for (on the project's list). The frame's own origin is checked as `origin` by the library.
 */
function checkTopOrigin(clientDataJSON: string, parentOrigin: string): void {
  let topOrigin: unknown
  try {
    topOrigin = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { topOrigin?: unknown }).topOrigin
  } catch {
    throw new FrameError(PASSKEY_ERRORS.notVerified)
  }
  if (topOrigin !== undefined && topOrigin !== parentOrigin) throw new FrameError(PASSKEY_ERRORS.notVerified)
}

/** The WebAuthn user handle of an account: its id's bytes (a random UUID, nothing personal). */
const userHandle = (userId: string) => isoBase64URL.fromUTF8String(userId)

/** Verification failures of the library (bad signature, origin, rpID, counter) all read the same to the user. */
async function verified<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch {
    throw new FrameError(PASSKEY_ERRORS.notVerified)
  }
}

/**
 * Passkey login for the embedded wallet (WebAuthn). Only the frame's own passkey view calls these
 * (backend-only types: never accepted from the page): the ceremonies run in the frame's document, for
 * the frame's own origin and host, so the page can neither start one in its name nor read its answer.
 * A session from a passkey is like any other: every unsafe request still needs the frame's approval.
 */
export const passkeyHandlers: HandlerMap = {
  /** `purpose: 'add'` adds a passkey to the signed-in account; otherwise a new account is created with it. */
  async PASSKEY_REGISTER_START(svc, ctx, payload) {
    const { rpID } = relyingParty(svc)
    const adding = payload.purpose === 'add'
    const user = adding ? (await requireSession(svc, ctx)).user : undefined
    const userId = user?.id ?? randomUUID()
    const existing = user ? await passkeyStore(svc.store.driver).passkeysOf(user.id) : []
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userID: isoUint8Array.fromUTF8String(userId),
      userName: user?.email ?? user?.user_name ?? `Wallet ${new Date(svc.now()).toISOString().slice(0, 10)}`,
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    })
    await issueChallenge(svc, ctx, 'register', options.challenge, userId)
    return { result: { options, purpose: adding ? 'add' : 'signup' } }
  },

  async PASSKEY_REGISTER(svc, ctx, payload) {
    const response = parseRegistration(payload.response)
    const challenge = await takeChallenge(svc, ctx, 'register')
    const rp = relyingParty(svc)
    checkTopOrigin(response.response.clientDataJSON, ctx.parentOrigin)
    const registrationInfo = await verified(async () => {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      })
      if (!result.verified || !result.registrationInfo) throw new Error('not verified')
      return result.registrationInfo
    })
    const userId = challenge.user_id
    if (!userId) throw new FrameError(PASSKEY_ERRORS.noCeremony)
    const existing = await svc.store.userById(userId)
    // An addition is for the account that asked, still signed in on this device.
    if (existing && (await requireSession(svc, ctx)).user.id !== existing.id)
      throw new FrameError(PASSKEY_ERRORS.noCeremony)
    const { credential } = registrationInfo
    // The id the browser names must be the one the authenticator attested.
    if (credential.id !== response.id) throw new FrameError(PASSKEY_ERRORS.notVerified)
    const row = {
      credential_id: credential.id,
      user_id: userId,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      created_at: svc.now(),
    }
    if (existing) {
      if (!(await passkeyStore(svc.store.driver).insertPasskey(row)))
        throw new FrameError(PASSKEY_ERRORS.taken)
      return { result: { added: true } }
    }
    const user = await createUser(svc, { id: userId })
    if (!(await passkeyStore(svc.store.driver).insertPasskey(row))) throw new FrameError(PASSKEY_ERRORS.taken)
    await svc.store.addDevice(user.id, ctx.deviceHash, svc.now())
    return { session: await issueSession(svc, user.id, ctx, frameNetwork(svc, ctx)) }
  },

  async PASSKEY_LOGIN_START(svc, ctx) {
    const { rpID } = relyingParty(svc)
    // Discoverable credentials: the authenticator offers its passkeys for this host; nobody is named here.
    const options = await generateAuthenticationOptions({
      rpID,
      timeout: TIMEOUT_MS,
      userVerification: 'required',
    })
    await issueChallenge(svc, ctx, 'login', options.challenge, null)
    return { result: { options } }
  },

  async PASSKEY_LOGIN(svc, ctx, payload) {
    const response = parseAuthentication(payload.response)
    const challenge = await takeChallenge(svc, ctx, 'login')
    const rp = relyingParty(svc)
    checkTopOrigin(response.response.clientDataJSON, ctx.parentOrigin)
    const store = passkeyStore(svc.store.driver)
    const passkey = await store.passkey(response.id)
    if (!passkey) throw new FrameError(PASSKEY_ERRORS.unknown)
    // The authenticator names the account it made the passkey for: it must be the passkey's own.
    if (
      response.response.userHandle !== undefined &&
      response.response.userHandle !== userHandle(passkey.user_id)
    )
      throw new FrameError(PASSKEY_ERRORS.notVerified)
    const { authenticationInfo } = await verified(async () => {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        expectedTopOrigin: ctx.parentOrigin,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: passkey.counter,
        },
        requireUserVerification: true,
      })
      if (!result.verified) throw new Error('not verified')
      return result
    })
    // A cloned authenticator shows as a counter that does not move forward (the library refuses a lower
    // one); a concurrent login with the same counter loses here.
    if (
      !(await store.usePasskey(
        passkey.credential_id,
        passkey.counter,
        authenticationInfo.newCounter,
        svc.now(),
      ))
    )
      throw new FrameError(PASSKEY_ERRORS.notVerified)
    await svc.store.addDevice(passkey.user_id, ctx.deviceHash, svc.now())
    return { session: await issueSession(svc, passkey.user_id, ctx, frameNetwork(svc, ctx)) }
  },
}
