import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'

/** An ed25519 keypair in Solana's formats. Browser-safe: the dev wallet uses it too. */
export interface SolanaKeypair {
  /** base58 public key: the account address. */
  address: string
  publicKey: Uint8Array
  /** 64 bytes: the 32-byte seed followed by the public key (Solana CLI and web3.js format). */
  secretKey: Uint8Array
}

/**
 * From a 64-byte secret key (checked against its public half) or a 32-byte seed, given as bytes,
 * a JSON number array (a Solana CLI keypair file) or a base58 string (a wallet export).
 */
export function keypairFromSecret(secret: Uint8Array | readonly number[] | string): SolanaKeypair {
  const bytes = typeof secret === 'string' ? decodeBase58(secret, 'secret key') : Uint8Array.from(secret)
  if (bytes.length !== 32 && bytes.length !== 64) {
    throw new Error(`A Solana secret key has 64 bytes (or a 32-byte seed), got ${bytes.length}`)
  }
  const seed = bytes.slice(0, 32)
  const publicKey = ed25519.getPublicKey(seed)
  if (bytes.length === 64 && !bytesEqual(bytes.subarray(32), publicKey)) {
    throw new Error('The secret key does not match its public key half')
  }
  const secretKey = new Uint8Array(64)
  secretKey.set(seed)
  secretKey.set(publicKey, 32)
  return { address: bs58.encode(publicKey), publicKey, secretKey }
}

export function signEd25519(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, secretKey.subarray(0, 32))
}

export function verifyEd25519(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, message, publicKey)
  } catch {
    return false
  }
}

export function encodeBase58(bytes: Uint8Array): string {
  return bs58.encode(bytes)
}

export function decodeBase58(text: string, what = 'value'): Uint8Array {
  try {
    return bs58.decode(text)
  } catch {
    throw new Error(`Invalid base58 ${what}`)
  }
}

/** A base58 address of exactly 32 bytes, or undefined. */
export function decodeAddress(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length < 32 || text.length > 44) return undefined
  try {
    const bytes = bs58.decode(text)
    return bytes.length === 32 ? bytes : undefined
  } catch {
    return undefined
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
