/**
 * behaviour §4 step 3 and §5 as plain functions: a quote's destination amount (6 decimals), the
 * 'Insufficient balance' rule, and the figures shown (gas in USD, price impact, max slippage,
 * provider fee). No I/O: the controller feeds them what it fetched.
 */
import { MESSAGES, type SwapTokenInfo } from '@portico/shared-types'
import type { SwapQuotesResponse } from '@portico/shared-types/api'
import {
  DESTINATION_DECIMALS,
  floorDecimal,
  gasCost,
  maxSlippageUnits,
  priceImpactPercent,
  providerFeeUnits,
  usdValue,
} from './math.ts'
import { isNativeToken } from './tokens.ts'

/** The destination amount of the first quote in smallest units; undefined when absent or zero. */
export function quotedUnits(response: SwapQuotesResponse): bigint | undefined {
  const text = response.quotes[0]?.toAmount
  if (text === undefined || !/^\d{1,100}$/.test(text)) return undefined
  const units = BigInt(text)
  return units > 0n ? units : undefined
}

export interface BalanceInputs {
  source: SwapTokenInfo
  sourceUnits: bigint
  sourceBalanceUnits: bigint
  nativeBalanceUnits: bigint
  nativeDecimals: number
  /** USD price of the network token; 0 when unknown (then compared in wei). */
  nativePrice: number
  /** Network fee in wei (gas × gas price). */
  fee: bigint
  isSmartAccount: boolean
}

/**
 * behaviour §5: the source balance is below the amount, or (not for smart accounts) the network token
 * balance in USD is zero or below the gas cost in USD. A native source must also cover amount + fee.
 */
export function isInsufficient(input: BalanceInputs): boolean {
  if (input.sourceBalanceUnits < input.sourceUnits) return true
  if (input.isSmartAccount) return false
  const { nativeBalanceUnits: balance, fee } = input
  if (input.nativePrice > 0) {
    const balanceUsd = usdValue(balance, input.nativeDecimals, input.nativePrice)
    const feeUsd = usdValue(fee, input.nativeDecimals, input.nativePrice)
    if (balanceUsd === 0 || balanceUsd < feeUsd) return true
  } else if (balance === 0n || balance < fee) return true
  return isNativeToken(input.source.address) && balance < input.sourceUnits + fee
}

export interface QuoteInputs extends Omit<BalanceInputs, 'fee'> {
  toToken: SwapTokenInfo
  toUnits: bigint
  gas: bigint
  gasPrice: bigint
  /** Percent (behaviour §9: 1). */
  slippage: number
}

/** What the Swap view shows after a quote (SwapState fields of behaviour §3). */
export interface QuoteView {
  toTokenAmount: string
  inputError?: string
  /** Network fee in wei, as a decimal string. */
  gasFee: string
  gasPriceInUSD?: number
  priceImpact?: number
  /** In the destination token, 6 decimals. */
  maxSlippage?: string
  /** In the source token, 6 decimals. */
  providerFee?: string
}

/** behaviour §4 step 3: the destination amount, then either the input error or the cost figures. */
export function quoteView(input: QuoteInputs): QuoteView {
  const { source, toToken } = input
  const toTokenAmount = floorDecimal(input.toUnits, toToken.decimals, DESTINATION_DECIMALS)
  const { fee, usd } = gasCost(input.gas, input.gasPrice, input.nativeDecimals, input.nativePrice)
  if (isInsufficient({ ...input, fee }))
    return { toTokenAmount, inputError: MESSAGES.insufficientBalance, gasFee: fee.toString() }
  const inputUsd = usdValue(input.sourceUnits, source.decimals, source.price)
  const outputUsd = usdValue(input.toUnits, toToken.decimals, toToken.price)
  const impact = priceImpactPercent(inputUsd, outputUsd)
  return {
    toTokenAmount,
    gasFee: fee.toString(),
    gasPriceInUSD: usd,
    ...(impact === undefined ? {} : { priceImpact: impact }),
    maxSlippage: floorDecimal(
      maxSlippageUnits(input.toUnits, input.slippage),
      toToken.decimals,
      DESTINATION_DECIMALS,
    ),
    providerFee: floorDecimal(providerFeeUnits(input.sourceUnits), source.decimals, DESTINATION_DECIMALS),
  }
}

/** behaviour §5: a swap needs both tokens (address and decimals) and an amount above 0. */
export function canSwap(
  source: SwapTokenInfo | undefined,
  toToken: SwapTokenInfo | undefined,
  sourceUnits: bigint | undefined,
): boolean {
  return Boolean(
    source?.address &&
      toToken?.address &&
      Number.isInteger(source.decimals) &&
      Number.isInteger(toToken.decimals) &&
      sourceUnits !== undefined &&
      sourceUnits > 0n,
  )
}
