/**
 * A reverted user operation as a message the app can show: the bundler answers the revert data as
 * hex ("… reverted during simulation with reason: 0x08c379a0…"); an `Error(string)` revert shows its
 * reason, any other (a custom error, a panic, none) the behaviour §8 generic 'Transaction error'. Never
 * the raw hex.
 */
import { MESSAGES } from '@portico/shared-types'
import { BaseError, decodeErrorResult, type Hex } from 'viem'

/** The standard `Error(string)` revert (what `require(cond, "reason")` and `revert("reason")` encode). */
const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const

/** Revert data after the bundler's "reason:" (alto, and viem's ExecutionRevertedError text). */
const REVERT_DATA = /\breason: (0x[0-9a-fA-F]*)/
/** Longer revert data is not decoded (a reason is shown bounded anyway). */
const MAX_DATA_CHARS = 2 + 2 * 4_096
export const MAX_REASON_CHARS = 200

export const REVERTED_PREFIX = 'The user operation reverted'

/** The reason of `Error(string)` revert data, made safe to show (no control or format characters, bounded); else undefined. */
export function errorStringReason(data: Hex): string | undefined {
  if (data.length > MAX_DATA_CHARS) return undefined
  try {
    const { errorName, args } = decodeErrorResult({ abi: ERROR_ABI, data })
    const [reason] = args ?? []
    if (errorName !== 'Error' || typeof reason !== 'string') return undefined
    const shown = reason
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return shown ? shown.slice(0, MAX_REASON_CHARS) : undefined
  } catch {
    return undefined
  }
}

/**
 * The message for a bundler or chain error that carries revert data: `The user operation reverted:
 * <reason>` for an `Error(string)`, else 'Transaction error'. Undefined when the error holds no revert
 * data (the caller keeps its own message).
 */
export function revertMessage(error: unknown): string | undefined {
  const text =
    error instanceof BaseError
      ? `${error.shortMessage} ${error.details ?? ''}`
      : error instanceof Error
        ? error.message
        : String(error)
  const data = REVERT_DATA.exec(text)?.[1] as Hex | undefined
  if (data === undefined) return undefined
  const reason = errorStringReason(data)
  return reason ? `${REVERTED_PREFIX}: ${reason}` : MESSAGES.transactionError
}
