/**
 * The API's approval and swap transactions, checked before the wallet is asked to sign them: a
 * hostile or broken API must not get an approval on another contract, a swap that takes more ETH
 * than the visitor typed, or a transaction on another chain. Plain functions; throw on anything off.
 */

import type { SwapTokenInfo, SwapTransaction } from '@portico/shared-types'
import type { ApproveTransactionResponse, SwapTransactionResponse } from '@portico/shared-types/api'
import type { WalletCall } from '@portico/shared-types/plugin'
import { isNativeToken } from './tokens.ts'

const HEX_ADDRESS = /^0x[\da-fA-F]{40}$/
const CAIP_ADDRESS = /^eip155:(\d{1,20}):(0x[\da-fA-F]{40})$/
const DIGITS = /^\d{1,78}$/
/** ERC-20 approve(address,uint256). */
export const APPROVE_SELECTOR = '0x095ea7b3'
/** Calldata a swap may carry at most (a router call with a short path is well under 1 KB). */
export const MAX_CALLDATA_BYTES = 16_384
/** The wallet would refuse more; the API's estimate plus headroom is far below. */
export const MAX_GAS = 30_000_000n

/** A 0x address from the API's 0x or CAIP-10 form, which must be on `chainId`. */
export function plainAddress(value: string, chainId: string): string {
  if (HEX_ADDRESS.test(value)) return value
  const match = CAIP_ADDRESS.exec(value)
  if (!match?.[2] || match[1] !== chainId)
    throw new Error(`Not an address on eip155:${chainId}: ${value.slice(0, 80)}`)
  return match[2]
}

const contractOf = (token: SwapTokenInfo) => token.address.split(':')[2]?.toLowerCase() ?? ''

const bigintOf = (text: string, field: string) => {
  if (!DIGITS.test(text)) throw new Error(`${field} is not an integer`)
  return BigInt(text)
}

const checkData = (data: string) => {
  if (!/^0x[\da-fA-F]*$/.test(data) || data.length % 2 !== 0) throw new Error('Calldata is not hex bytes')
  if ((data.length - 2) / 2 > MAX_CALLDATA_BYTES) throw new Error('Calldata is too long')
}

/** An approval must call approve() on the source token's own contract, for no ETH. */
export function approvalTransaction(
  response: ApproveTransactionResponse,
  source: SwapTokenInfo,
  chainId: string,
  toAmount: string,
): SwapTransaction {
  const { tx } = response
  const to = plainAddress(tx.to, chainId)
  if (to.toLowerCase() !== contractOf(source)) throw new Error('The approval is not for the source token')
  checkData(tx.data)
  if (!tx.data.toLowerCase().startsWith(APPROVE_SELECTOR))
    throw new Error('The approval is not an approve call')
  if (bigintOf(tx.value ?? '0', 'value') !== 0n) throw new Error('An approval carries no value')
  return {
    data: tx.data,
    to,
    gas: null,
    gasPrice: bigintOf(tx.eip155.gasPrice, 'gasPrice'),
    value: 0n,
    toAmount,
  }
}

/**
 * A swap sends exactly the amount typed as value when the source is the native token, and none
 * otherwise; it is from the visitor (when stated) and its gas is bounded.
 */
export function swapTransaction(
  response: SwapTransactionResponse,
  source: SwapTokenInfo,
  sourceUnits: bigint,
  address: string,
  chainId: string,
  toAmount: string,
): SwapTransaction {
  const { tx } = response
  const to = plainAddress(tx.to, chainId)
  if (tx.from !== undefined && plainAddress(tx.from, chainId).toLowerCase() !== address.toLowerCase())
    throw new Error('The swap is not from the connected account')
  checkData(tx.data)
  const value = bigintOf(tx.value, 'value')
  const expected = isNativeToken(source.address) ? sourceUnits : 0n
  if (value !== expected) throw new Error('The swap value does not match the amount to swap')
  const gas = bigintOf(tx.eip155.gas, 'gas')
  if (gas === 0n || gas > MAX_GAS) throw new Error('The swap gas limit is out of bounds')
  return { data: tx.data, to, gas, gasPrice: bigintOf(tx.eip155.gasPrice, 'gasPrice'), value, toAmount }
}

const quantity = (value: bigint): `0x${string}` => `0x${value.toString(16)}`

/** A checked transaction as a call for sendCalls (the wallet picks the fees; a batch its gas too). */
export function walletCall(tx: SwapTransaction): WalletCall {
  return {
    to: tx.to as `0x${string}`,
    data: tx.data as `0x${string}`,
    value: quantity(tx.value),
    ...(tx.gas === null ? {} : { gas: quantity(tx.gas) }),
  }
}
