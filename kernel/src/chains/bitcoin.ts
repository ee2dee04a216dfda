/**
 * Bitcoin (bip122) checks of the lazy bitcoin chunk, needed once a wallet hands over an account: segwit
 * address checks (BIP-173 bech32 for version 0, BIP-350 bech32m for 1–16) and the check that a wallet's
 * public key is the one its address pays to. They hash (viem's sha256 and ripemd160), so discovery,
 * which only names chains, reads bitcoinChains.ts instead.
 */
import { ripemd160, sha256 } from 'viem'
import { isBytes } from './bitcoinChains.ts'

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i] as number
  }
  return chk >>> 0
}

export interface SegwitAddress {
  prefix: string
  version: number
  program: Uint8Array
}

/** Decodes a segwit address (one case, ≤ 90 characters, right checksum kind); null otherwise. */
export function decodeSegwitAddress(address: unknown): SegwitAddress | null {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) return null
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null
  const lower = address.toLowerCase()
  const split = lower.lastIndexOf('1')
  if (split < 1 || lower.length - split - 1 < 6) return null
  const prefix = lower.slice(0, split)
  const data: number[] = []
  for (const char of lower.slice(split + 1)) {
    const value = CHARSET.indexOf(char)
    if (value < 0) return null
    data.push(value)
  }
  const expanded = [
    ...[...prefix].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...prefix].map((c) => c.charCodeAt(0) & 31),
  ]
  const check = polymod([...expanded, ...data])
  const version = data[0]
  if (version === undefined || version > 16) return null
  if (check !== (version === 0 ? 1 : 0x2bc830a3)) return null
  // 5-bit groups → bytes, without padding beyond 4 zero bits.
  let acc = 0
  let bits = 0
  const program: number[] = []
  for (const value of data.slice(1, -6)) {
    acc = (acc << 5) | value
    bits += 5
    if (bits >= 8) {
      bits -= 8
      program.push((acc >> bits) & 0xff)
    }
  }
  if (bits >= 5 || (acc << (8 - bits)) & 0xff) return null
  if (program.length < 2 || program.length > 40) return null
  if (version === 0 && program.length !== 20 && program.length !== 32) return null
  return { prefix, version, program: Uint8Array.from(program) }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * Whether `publicKey` is the key `address` pays to, as far as it can be checked without curve
 * arithmetic: P2WPKH (version 0, 20 bytes) is hash160 of a 33-byte compressed key; taproot (version
 * 1) comes with a 32-byte x-only key. Anything else is not an account the kernel accepts.
 */
export function publicKeyMatches(address: SegwitAddress, publicKey: unknown): boolean {
  if (!isBytes(publicKey)) return false
  if (address.version === 0 && address.program.length === 20) {
    if (publicKey.length !== 33 || (publicKey[0] !== 2 && publicKey[0] !== 3)) return false
    return hex(ripemd160(sha256(publicKey, 'bytes'), 'bytes')) === hex(address.program)
  }
  return address.version === 1 && address.program.length === 32 && publicKey.length === 32
}

export const publicKeyHex = (bytes: ArrayLike<number>): string => hex(Uint8Array.from(bytes))
