/** Exact unit maths for the chain helpers: strict input rules around viem's parseUnits/formatUnits. */
import type { UnitHelpers } from '@portico/shared-types/plugin'
import { formatUnits as viemFormatUnits, parseUnits as viemParseUnits } from 'viem'
import { UnitsError } from './errors.ts'

const DECIMAL = /^(\d*)(?:\.(\d*))?$/
/** Far beyond any real amount (uint256 has 78 digits), short enough that nothing hostile gets costly. */
const MAX_AMOUNT_LENGTH = 200
export const MAX_DECIMALS = 255

function checkDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS)
    throw new UnitsError(
      'invalidDecimals',
      `Decimals must be an integer from 0 to ${MAX_DECIMALS}, not ${decimals}`,
    )
}

export function parseUnits(value: string, decimals: number): bigint {
  checkDecimals(decimals)
  const text = typeof value === 'string' ? value.trim() : ''
  const match = text.length <= MAX_AMOUNT_LENGTH ? DECIMAL.exec(text) : null
  const whole = match?.[1] ?? ''
  const fraction = (match?.[2] ?? '').replace(/0+$/, '')
  if (!match || (whole === '' && (match[2] ?? '') === ''))
    throw new UnitsError('invalidAmount', `Not a decimal amount: "${text.slice(0, 40)}"`)
  if (fraction.length > decimals)
    throw new UnitsError(
      'tooManyDecimals',
      `More than ${decimals} decimal${decimals === 1 ? '' : 's'}: "${text.slice(0, 40)}"`,
    )
  return viemParseUnits(`${whole || '0'}${fraction ? `.${fraction}` : ''}`, decimals)
}

export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals)
  return viemFormatUnits(value, decimals)
}

export const unitHelpers: UnitHelpers = { parseUnits, formatUnits }
