import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

const VERSION = 'v1'

/**
 * AES-256-GCM for user keys at rest. The associated data binds a ciphertext to its owner and use
 * (`<userId>:<namespace>`), so a row copied to another user does not decrypt.
 * Stored form: `v1.<iv b64url>.<tag b64url>.<ciphertext b64url>`.
 */
export interface Vault {
  seal(plaintext: Uint8Array, context: string): string
  open(sealed: string, context: string): Uint8Array
  /** HMAC-SHA256 under a key derived from the server key: OTP codes and device links are stored as this. */
  mac(text: string): string
  macEquals(text: string, mac: string): boolean
}

export function createVault(serverKey: Buffer): Vault {
  if (serverKey.length !== 32) throw new Error('The server key must be 32 bytes')
  const encryptionKey = derive(serverKey, 'portico-auth-frame/keys')
  const macKey = derive(serverKey, 'portico-auth-frame/mac')
  const mac = (text: string) => createHmac('sha256', macKey).update(text).digest('base64url')
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Malformed sealed key')
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return new Uint8Array(
        Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]),
      )
    },
    mac,
    macEquals(text, expected) {
      const a = Buffer.from(mac(text))
      const b = Buffer.from(expected)
      return a.length === b.length && timingSafeEqual(a, b)
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
