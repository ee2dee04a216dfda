/** eip155 chain helpers for plugins, backed by viem (a lazy kernel chunk: see index.ts). */
import type { EvmHelpers, FunctionCall, Hex } from '@portico/shared-types/plugin'
import {
  erc20Abi,
  encodeFunctionData as viemEncodeFunctionData,
  getAddress as viemGetAddress,
  isAddress as viemIsAddress,
} from 'viem'
import { ChainError } from '../errors.ts'
import { unitHelpers } from './units.ts'

const HEX_ADDRESS = /^(0x)?[\da-fA-F]{40}$/

/** behaviour §5 (40 hex, 0x optional) plus EIP-55: mixed case must be the checksum. */
function isAddress(value: string): boolean {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!HEX_ADDRESS.test(text)) return false
  const body = text.slice(-40)
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true
  return viemIsAddress(`0x${body}`, { strict: true })
}

function getAddress(value: string): Hex {
  if (!isAddress(value))
    throw new ChainError('INVALID_ADDRESS', `Not an eip155 address: "${String(value).slice(0, 60)}"`)
  return viemGetAddress(`0x${value.trim().slice(-40).toLowerCase()}`)
}

const encodeFunctionData = (call: FunctionCall): Hex =>
  viemEncodeFunctionData(call as Parameters<typeof viemEncodeFunctionData>[0])

export const evmHelpers: EvmHelpers = {
  ...unitHelpers,
  isAddress,
  getAddress,
  encodeFunctionData,
  encodeErc20Transfer: (to, amount) =>
    viemEncodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), amount] }),
  erc20Abi,
}
