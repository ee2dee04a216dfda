import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import * as v from 'valibot'
import { FrameError } from '../errors.ts'

export const MALFORMED_PASSKEY = 'Malformed passkey response'

/**
 * Bounds on what a browser sends back from a ceremony, checked before any of it is decoded (CBOR,
 * COSE, JSON): far above what real authenticators produce (an attestation object with a certificate
 * chain stays under a few KiB), far below what would cost the server to parse.
 */
const B64URL = /^[A-Za-z0-9_-]*$/
const b64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(B64URL))
const CREDENTIAL_ID = b64url(1366)
const COMMON = {
  id: CREDENTIAL_ID,
  rawId: CREDENTIAL_ID,
  type: v.literal('public-key'),
  clientExtensionResults: v.optional(v.record(v.pipe(v.string(), v.maxLength(64)), v.unknown()), {}),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
}

const REGISTRATION = v.object({
  ...COMMON,
  response: v.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8))),
    authenticatorData: v.optional(b64url(4096)),
    publicKey: v.optional(b64url(2048)),
    publicKeyAlgorithm: v.optional(v.number()),
  }),
})

const AUTHENTICATION = v.object({
  ...COMMON,
  response: v.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: v.optional(b64url(128)),
  }),
})

export function parseRegistration(value: unknown): RegistrationResponseJSON {
  const parsed = v.safeParse(REGISTRATION, value)
  if (!parsed.success) throw new FrameError(MALFORMED_PASSKEY)
  return parsed.output as RegistrationResponseJSON
}

export function parseAuthentication(value: unknown): AuthenticationResponseJSON {
  const parsed = v.safeParse(AUTHENTICATION, value)
  if (!parsed.success) throw new FrameError(MALFORMED_PASSKEY)
  return parsed.output as AuthenticationResponseJSON
}
