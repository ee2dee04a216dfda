import { bech32, bech32m } from 'bech32'

/** The longest segwit address (version 1+, 40-byte program, long prefix) stays well under this. */
const MAX_ADDRESS_LENGTH = 90

export interface SegwitAddress {
  prefix: string
  version: number
  program: Uint8Array
}

/**
 * Decodes a segwit address by BIP-173/BIP-350: version 0 must use bech32, versions 1–16 bech32m.
 * Returns null for anything else (legacy base58 addresses are not used by the devnet).
 */
export function decodeSegwitAddress(address: string): SegwitAddress | null {
  if (typeof address !== 'string' || address.length > MAX_ADDRESS_LENGTH) return null
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(address, MAX_ADDRESS_LENGTH)
    if (!decoded || decoded.words.length < 1) continue
    const [version, ...rest] = decoded.words
    if (version === undefined || version > 16) return null
    if ((version === 0) !== (codec === bech32)) return null
    const program = codec.fromWordsUnsafe(rest)
    if (!program || program.length < 2 || program.length > 40) return null
    if (version === 0 && program.length !== 20 && program.length !== 32) return null
    return { prefix: decoded.prefix, version, program: Uint8Array.from(program) }
  }
  return null
}

/**
 * The address as bcoin 1.0.2 indexes it. bcoin predates BIP-350 and writes every witness version in
 * bech32, so a taproot (`…1p…`, bech32m) address is re-encoded before asking the node about it.
 */
export function toBcoinAddress(address: string): string | null {
  const decoded = decodeSegwitAddress(address)
  if (!decoded) return null
  return bech32.encode(
    decoded.prefix,
    [decoded.version, ...bech32.toWords(decoded.program)],
    MAX_ADDRESS_LENGTH,
  )
}
