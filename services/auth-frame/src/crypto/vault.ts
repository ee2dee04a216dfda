import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { keyWeakness } from './serverKey.ts'

/**
 * AES-256-GCM for user keys at rest. The associated data binds a ciphertext to its owner and use
 * (`<userId>:<namespace>`), so a row copied to another user does not decrypt.
 * Stored form: `v2.<keyId>.<iv b64url>.<tag b64url>.<ciphertext b64url>`, where keyId names the server
 * key that sealed it (`keyId()`). The older `v1.<iv>.<tag>.<ciphertext>` (no key id, same cipher) still
 * opens: every known key is tried, GCM's tag tells the right one.
 *
 * A vault holds one current server key (seals, MACs) and any old keys (open only, until
 * `npm run rotate-keys` has re-sealed everything under the current key).
 */
export interface Vault {
  /** The current server key's id: every new seal carries it. */
  readonly keyId: string
  /** Ids of the old keys this vault can still open with. */
  readonly oldKeyIds: readonly string[]
  seal(plaintext: Uint8Array, context: string): string
  open(sealed: string, context: string): Uint8Array
  /** HMAC-SHA256 under a key derived from the server key: OTP codes and device links are stored as this. */
  mac(text: string): string
  /** Checks a MAC made under the current key or an old one (codes sent just before a key change still work). */
  macEquals(text: string, mac: string): boolean
}

/** A server key's public id: the first 16 hex characters of HMAC-SHA256(key, 'portico-auth-frame/key-id'). */
export function keyId(serverKey: Uint8Array): string {
  return createHmac('sha256', serverKey).update('portico-auth-frame/key-id').digest('hex').slice(0, 16)
}

/** The id of the key that sealed a `v2` value; undefined for `v1` (no id) or a malformed value. */
export function sealedKeyId(sealed: string): string | undefined {
  const [version, id] = sealed.split('.', 2)
  return version === 'v2' && id && /^[0-9a-f]{16}$/.test(id) ? id : undefined
}

interface VaultKey {
  id: string
  encryption: Buffer
  mac: Buffer
}

function vaultKey(serverKey: Buffer): VaultKey {
  if (serverKey.length !== 32) throw new Error('The server key must be 32 bytes')
  const weakness = keyWeakness(serverKey)
  if (weakness) throw new Error(`The server key is weak: ${weakness}`)
  return {
    id: keyId(serverKey),
    encryption: derive(serverKey, 'portico-auth-frame/keys'),
    mac: derive(serverKey, 'portico-auth-frame/mac'),
  }
}

export function createVault(serverKey: Buffer, oldKeys: readonly Buffer[] = []): Vault {
  const current = vaultKey(serverKey)
  const keys = new Map<string, VaultKey>([[current.id, current]])
  for (const old of oldKeys) {
    const key = vaultKey(old)
    if (!keys.has(key.id)) keys.set(key.id, key)
  }
  const all = [...keys.values()]
  const macWith = (key: VaultKey, text: string) =>
    createHmac('sha256', key.mac).update(text).digest('base64url')
  const decrypt = (key: VaultKey, iv: string, tag: string, body: string, context: string) => {
    const decipher = createDecipheriv('aes-256-gcm', key.encryption, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]))
  }
  return {
    keyId: current.id,
    oldKeyIds: all.slice(1).map((k) => k.id),
    seal(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current.encryption, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return ['v2', current.id, ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join(
        '.',
      )
    },
    open(sealed, context) {
      const parts = sealed.split('.')
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, id, iv, tag, body] = parts as [string, string, string, string, string]
        const key = keys.get(id)
        if (!key) throw new Error(`Sealed under an unknown server key (key id ${id})`)
        if (!iv || !tag) throw new Error('Malformed sealed key')
        return decrypt(key, iv, tag, body, context)
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string]
        if (!iv || !tag) throw new Error('Malformed sealed key')
        let failure: unknown
        for (const key of all)
          try {
            return decrypt(key, iv, tag, body, context)
          } catch (err) {
            failure ??= err
          }
        throw failure
      }
      throw new Error('Malformed sealed key')
    },
    mac: (text) => macWith(current, text),
    macEquals(text, expected) {
      const b = Buffer.from(expected)
      let equal = false
      for (const key of all) {
        const a = Buffer.from(macWith(key, text))
        if (a.length === b.length && timingSafeEqual(a, b)) equal = true
      }
      return equal
    },
  }
}

function derive(key: Buffer, label: string): Buffer {
  return createHmac('sha256', key).update(label).digest()
}

/** SHA-256 (base64url) of a high-entropy secret (session tokens, device ids): stored instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

/** A fresh 256-bit secret, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}
