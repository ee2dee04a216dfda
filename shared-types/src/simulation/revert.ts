/**
 * Why a simulated call reverted, from its revert data: Error(string) with its text made display-safe by
 * the caller's cleaner (each service has its own rules for third-party text), Panic(uint256) with its
 * meaning, a custom error by its selector, or nothing at all.
 */
import { type Hex, slice } from 'viem'
import { decodeOrNull } from './abi.ts'

const ERROR_STRING = '0x08c379a0'
const PANIC = '0x4e487b71'

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and error via require"). */
const PANIC_REASONS: Record<number, string> = {
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'invalid enum value',
  34: 'invalid storage byte array',
  49: 'pop on an empty array',
  50: 'array index out of bounds',
  65: 'out of memory',
  81: 'call to an invalid internal function',
}

export interface DecodedRevert {
  kind: 'error' | 'panic' | 'custom' | 'empty'
  reason?: string
  code?: bigint
  selector?: Hex
}

/**
 * `cleanReason` gets Error(string)'s text as the contract wrote it and returns what may be shown, or
 * null when nothing visible is left (then the revert is answered as a custom error, never as a reason).
 */
export function decodeRevert(data: Hex, cleanReason: (text: string) => string | null): DecodedRevert {
  if (data.length < 10) return { kind: 'empty' }
  const selector = slice(data, 0, 4).toLowerCase() as Hex
  const args = `0x${data.slice(10)}` as Hex
  if (selector === ERROR_STRING) {
    const [text] = decodeOrNull(['string'], args) ?? []
    const reason = typeof text === 'string' ? cleanReason(text) : null
    if (reason !== null) return { kind: 'error', reason }
  }
  if (selector === PANIC) {
    const [code] = decodeOrNull(['uint256'], args) ?? []
    if (typeof code === 'bigint')
      return { kind: 'panic', code, reason: PANIC_REASONS[Number(code)] ?? 'panic' }
  }
  return { kind: 'custom', selector }
}
