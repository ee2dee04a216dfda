/**
 * A software WebAuthn authenticator for the passkey tests: a P-256 key per credential, `none`
 * attestation, a signature counter, and answers for any origin and rpID a test names (a real browser
 * would only ever name the frame's own). Built from the spec's byte layouts, not from the library the
 * server verifies with.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

export interface SoftCredential {
  id: string
  rawId: Buffer
  privateKey: KeyObject
  cose: Uint8Array
  /** The user handle the authenticator stored with the credential (base64url). */
  userHandle: string
  counter: number
}

export interface Ceremony {
  challenge: string
  origin: string
  rpID: string
  /** The embedding page, when the ceremony runs in a cross-origin iframe (what browsers write then). */
  topOrigin?: string | undefined
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  const map = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ])
  return isoCBOR.encode(map)
}

function authData(rpID: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter)
  return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
}

const clientData = (type: string, { challenge, origin, topOrigin }: Ceremony) =>
  Buffer.from(
    JSON.stringify({
      type,
      challenge,
      origin,
      crossOrigin: topOrigin !== undefined,
      ...(topOrigin && { topOrigin }),
    }),
  )

/**
 * A new credential for `userHandle` (or `existing` attested again: same id and key) and the
 * registration answer the browser would send.
 */
export function register(
  ceremony: Ceremony,
  userHandle: string,
  existing?: SoftCredential,
): { credential: SoftCredential; response: Record<string, unknown> } {
  const keys = existing ? undefined : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const privateKey = existing?.privateKey ?? (keys?.privateKey as KeyObject)
  const rawId = existing?.rawId ?? randomBytes(32)
  const cose = existing?.cose ?? coseKey(keys?.publicKey as KeyObject)
  const idLength = Buffer.alloc(2)
  idLength.writeUInt16BE(rawId.length)
  const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, cose])
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData(ceremony.rpID, FLAG_UP | FLAG_UV | FLAG_AT, 0, attested)],
    ]) as never,
  )
  const credential = { id: b64url(rawId), rawId, privateKey, cose, userHandle, counter: 0 }
  return {
    credential,
    response: {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', ceremony)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    },
  }
}

/** The assertion the browser would send; moves the credential's counter on by one unless told a value. */
export function assert(
  credential: SoftCredential,
  ceremony: Ceremony,
  options: { counter?: number; userHandle?: string } = {},
): Record<string, unknown> {
  credential.counter = options.counter ?? credential.counter + 1
  const data = authData(ceremony.rpID, FLAG_UP | FLAG_UV, credential.counter)
  const client = clientData('webauthn.get', ceremony)
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey)
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      userHandle: options.userHandle ?? credential.userHandle,
    },
    clientExtensionResults: {},
  }
}
