import { bytesEqual, type SolanaKeypair, signEd25519 } from '../../solana/keys.ts'
import { parseWireTransaction, serializeWireTransaction } from '../../solana/wire.ts'
import { invalidParams } from '../errors.ts'

/**
 * Puts the keypair's signature in its slot of a serialized transaction (legacy or v0), leaving the
 * other signatures as they are: what solana:signTransaction returns.
 */
export function signTransactionBytes(keypair: SolanaKeypair, transaction: Uint8Array): Uint8Array {
  let parsed: ReturnType<typeof parseWireTransaction>
  try {
    parsed = parseWireTransaction(transaction)
  } catch (err) {
    throw invalidParams(`Not a serialized Solana transaction: ${(err as Error).message}`)
  }
  const signers = parsed.summary.staticAccountKeys.slice(0, parsed.summary.numRequiredSignatures)
  const slot = signers.findIndex((key) => bytesEqual(key, keypair.publicKey))
  if (slot < 0) throw invalidParams(`The transaction does not need a signature from ${keypair.address}`)
  const signatures = parsed.signatures.map((s, i) =>
    i === slot ? signEd25519(keypair.secretKey, parsed.message) : s,
  )
  return serializeWireTransaction(signatures, parsed.message)
}

/** The signature of a signed transaction is its first one (the fee payer's); it names the transaction. */
export function transactionSignature(transaction: Uint8Array): Uint8Array {
  return parseWireTransaction(transaction).signatures[0] as Uint8Array
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
