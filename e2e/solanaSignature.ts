/** Checks Solana signatures in the specs with Node's own ed25519, not the kernel's codecs. */
import { createPublicKey, verify } from 'node:crypto'

/** Base58 (Bitcoin alphabet) → bytes, written here so the check does not reuse the kernel's codec. */
export function base58ToBytes(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = 0n
  for (const char of text) {
    const digit = alphabet.indexOf(char)
    if (digit < 0) throw new Error(`not base58: ${text}`)
    value = value * 58n + BigInt(digit)
  }
  const hex =
    value === 0n ? '' : value.toString(16).padStart(Math.ceil(value.toString(16).length / 2) * 2, '0')
  const leadingZeros = text.length - text.replace(/^1+/, '').length
  return Uint8Array.from([...new Array(leadingZeros).fill(0), ...Buffer.from(hex, 'hex')])
}

/** ed25519 with Node's OpenSSL: the public key is the Solana address itself. */
export function verifySolanaSignature(message: string, signatureBase58: string, address: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58ToBytes(address)).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, Buffer.from(message, 'utf8'), key, base58ToBytes(signatureBase58))
}
