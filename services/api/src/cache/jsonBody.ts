/**
 * Answers kept as the bytes sent: serialised once when read, then written as they are to every request
 * they answer (no JSON.stringify, no string encoding per request).
 */
import type { TokenBalance } from '@portico/shared-types'

export const JSON_TYPE = 'application/json; charset=utf-8'

export function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8')
}

/** One chain's balances as the comma-separated JSON items of a `balances` array (empty when none). */
export function balanceItems(balances: TokenBalance[]): Buffer {
  return Buffer.from(JSON.stringify(balances).slice(1, -1), 'utf8')
}

const OPEN = Buffer.from('{"balances":[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']}')

/** `{"balances":[…]}` from the chains' items (balanceItems), in order. */
export function balancesBody(parts: Buffer[]): Buffer {
  const chunks: Buffer[] = [OPEN]
  for (const part of parts) {
    if (part.length === 0) continue
    if (chunks.length > 1) chunks.push(COMMA)
    chunks.push(part)
  }
  chunks.push(CLOSE)
  return Buffer.concat(chunks)
}
