/**
 * Solana's transaction wire format, as far as signing and fees need it: the signature slots, the
 * message bytes they sign, and the message header, static account keys and recent blockhash.
 * Legacy and v0 messages. Browser-safe and dependency-free (the dev wallet bundles it).
 */

export interface MessageSummary {
  version: 'legacy' | number
  /** The first this many account keys must sign, in order. */
  numRequiredSignatures: number
  staticAccountKeys: Uint8Array[]
  recentBlockhash: Uint8Array
}

export interface WireTransaction {
  signatures: Uint8Array[]
  /** The bytes each signature signs. */
  message: Uint8Array
  summary: MessageSummary
}

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}

  u8(): number {
    const value = this.bytes[this.offset]
    if (value === undefined) throw new Error('Transaction bytes end too early')
    this.offset += 1
    return value
  }

  /** Solana's compact-u16 ("shortvec"): 7 bits per byte, at most 3 bytes. */
  compactU16(): number {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const byte = this.u8()
      value |= (byte & 0x7f) << (7 * i)
      if ((byte & 0x80) === 0) return value
    }
    throw new Error('Invalid compact-u16 length')
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new Error('Transaction bytes end too early')
    const slice = this.bytes.slice(this.offset, this.offset + length)
    this.offset += length
    return slice
  }
}

export function encodeCompactU16(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(byte)
      return out
    }
    out.push(byte | 0x80)
  }
}

export function summarizeMessage(message: Uint8Array): MessageSummary {
  const reader = new Reader(message)
  const first = message[0]
  if (first === undefined) throw new Error('Empty message')
  let version: MessageSummary['version'] = 'legacy'
  if (first & 0x80) {
    version = first & 0x7f
    if (version !== 0) throw new Error(`Unsupported transaction version ${version}`)
    reader.u8()
  }
  const numRequiredSignatures = reader.u8()
  reader.u8() // read-only signed
  reader.u8() // read-only unsigned
  const keyCount = reader.compactU16()
  const staticAccountKeys = Array.from({ length: keyCount }, () => reader.take(32))
  if (numRequiredSignatures === 0 || numRequiredSignatures > keyCount) {
    throw new Error('Message header asks for more signers than it has accounts')
  }
  return { version, numRequiredSignatures, staticAccountKeys, recentBlockhash: reader.take(32) }
}

export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  const reader = new Reader(bytes)
  const count = reader.compactU16()
  const signatures = Array.from({ length: count }, () => reader.take(64))
  const message = bytes.slice(reader.offset)
  const summary = summarizeMessage(message)
  if (count !== summary.numRequiredSignatures) {
    throw new Error(
      `Transaction has ${count} signature slots, its message needs ${summary.numRequiredSignatures}`,
    )
  }
  return { signatures, message, summary }
}

export function serializeWireTransaction(signatures: Uint8Array[], message: Uint8Array): Uint8Array {
  const prefix = encodeCompactU16(signatures.length)
  const out = new Uint8Array(prefix.length + signatures.length * 64 + message.length)
  out.set(prefix)
  signatures.forEach((signature, i) => {
    out.set(signature, prefix.length + i * 64)
  })
  out.set(message, prefix.length + signatures.length * 64)
  return out
}

export function isUnsigned(signature: Uint8Array): boolean {
  return signature.every((byte) => byte === 0)
}
