import { createPublicKey, verify } from 'node:crypto'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 (Bitcoin alphabet) to bytes; undefined for anything else or more than `maxBytes`. */
export function base58Decode(text: string, maxBytes: number): Uint8Array | undefined {
  if (text.length === 0 || text.length > Math.ceil(maxBytes * 1.37) + 1) return undefined
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return bytes.length <= maxBytes ? Uint8Array.from(bytes) : undefined
}

/** Whether `signature` (base58, 64 bytes) is the ed25519 signature of `message` by `address` (base58 key). */
export function solanaSignedBy(address: string, message: string, signature: string): boolean {
  const key = base58Decode(address, 32)
  const sig = base58Decode(signature, 64)
  if (key?.length !== 32 || sig?.length !== 64) return false
  try {
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') },
      format: 'jwk',
    })
    return verify(null, Buffer.from(message, 'utf8'), publicKey, sig)
  } catch {
    return false
  }
}
