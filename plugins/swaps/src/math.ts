/**
 * Swap amounts as integers of a token's smallest unit (bigint, exact), and the behaviour §4/§9 figures
 * derived from a quote: destination amount to 6 decimals, provider fee 0.0085, max slippage, price
 * impact and gas in USD. USD values are display-only numbers; token amounts never pass through floats.
 */
import { PROVIDER_FEE_RATE } from '@portico/shared-types'
import type { UnitHelpers } from '@portico/shared-types/plugin'

/** behaviour §9: the destination amount shows 6 decimals; the success text 3. */
export const DESTINATION_DECIMALS = 6
export const SUCCESS_DECIMALS = 3

/** 0.0085 as an exact fraction. */
const FEE_DENOMINATOR = 1_000_000n
const FEE_NUMERATOR = BigInt(Math.round(PROVIDER_FEE_RATE * Number(FEE_DENOMINATOR)))

/**
 * `units` of a `decimals` token, floored to `places` decimals, trailing zeros trimmed: a plain
 * decimal string ("2961.034512", "0.5", "12"), never rounded up.
 */
export function floorDecimal(units: bigint, decimals: number, places: number): string {
  const negative = units < 0n
  const abs = negative ? -units : units
  const unit = 10n ** BigInt(decimals)
  const whole = abs / unit
  const fraction = (abs % unit).toString().padStart(decimals, '0').slice(0, places).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : `${whole}`
  return negative && text !== '0' ? `-${text}` : text
}

/** The amount in smallest units, or undefined when it is not a plain positive decimal the token allows. */
export function parsePositive(units: UnitHelpers, amount: string, decimals: number): bigint | undefined {
  try {
    const value = units.parseUnits(amount, decimals)
    return value > 0n ? value : undefined
  } catch {
    return undefined
  }
}

/** Units of a balance given as a decimal string; 0n when it does not parse (or has too many decimals). */
export function balanceUnits(units: UnitHelpers, balance: string | undefined, decimals: number): bigint {
  if (!balance) return 0n
  try {
    return units.parseUnits(balance, decimals)
  } catch {
    // More fraction digits than the token (a float in the balance API): keep what fits, floored.
    const [whole = '0', fraction = ''] = balance.trim().split('.')
    try {
      return units.parseUnits(`${whole}.${fraction.slice(0, decimals)}`, decimals)
    } catch {
      return 0n
    }
  }
}

/** behaviour §9 provider fee on the source amount (0.0085), floored, in the source token's smallest unit. */
export const providerFeeUnits = (sourceUnits: bigint): bigint =>
  (sourceUnits * FEE_NUMERATOR) / FEE_DENOMINATOR

/** The most the output can fall short by at `slippagePercent` (1 = 1%), in the destination's units. */
export function maxSlippageUnits(toUnits: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(Math.min(Math.max(slippagePercent, 0), 100) * 100))
  return (toUnits * basisPoints) / 10_000n
}

/** A token amount in USD (display only). */
export const usdValue = (units: bigint, decimals: number, price: number): number =>
  price > 0 ? Number(floorDecimal(units, decimals, 8)) * price : 0

/**
 * Price impact in percent: how much less the output is worth than the input at the tokens' USD
 * prices; undefined when a price is unknown.
 */
export function priceImpactPercent(inputUsd: number, outputUsd: number): number | undefined {
  if (!(inputUsd > 0) || !(outputUsd > 0)) return undefined
  return ((inputUsd - outputUsd) / inputUsd) * 100
}

/** The network fee (gas × price, in wei) and its USD value at the native token's price. */
export function gasCost(gas: bigint, gasPrice: bigint, nativeDecimals: number, nativePrice: number) {
  const fee = gas * gasPrice
  return { fee, usd: usdValue(fee, nativeDecimals, nativePrice) }
}
