/**
 * The params of pm_getPaymasterStubData and pm_getPaymasterData (ERC-7677: `[userOp, entryPoint,
 * chainId, context]`, the user operation in EntryPoint v0.7/v0.8 unpacked RPC form), read strictly:
 * every field bounded and of its exact type, anything else refused as invalid. The caller is whoever
 * holds the URL: a wallet, or anyone.
 */
import type { SponsoredUserOperation } from '@portico/devnet'
import { type Address, getAddress, type Hex } from 'viem'
import { invalid, PAYMASTER_MESSAGES } from './errors.ts'

export const MAX_CALL_DATA_BYTES = 16 * 1024
export const MAX_FACTORY_DATA_BYTES = 4 * 1024
const MAX_SIGNATURE_BYTES = 2 * 1024
const MAX_CONTEXT_CHARS = 2 * 1024
const UINT128_MAX = 2n ** 128n - 1n
const UINT256_MAX = 2n ** 256n - 1n

/** The fields that are gas and fees: absent ones count 0 in a stub request, and are required to sign. */
const GAS_FIELDS = [
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'paymasterVerificationGasLimit',
  'paymasterPostOpGasLimit',
] as const
type GasField = (typeof GAS_FIELDS)[number]

/** Fields of the v0.7/v0.8 form; anything else (v0.6's initCode, EIP-7702 authorisations…) is refused. */
const KNOWN_FIELDS = new Set<string>([
  'sender',
  'nonce',
  'factory',
  'factoryData',
  'callData',
  ...GAS_FIELDS,
  'paymaster',
  'paymasterData',
  'signature',
])

export interface PaymasterRequest {
  op: SponsoredUserOperation
  /** Which gas fields the caller gave (pm_getPaymasterData needs them all). */
  missingGas: GasField[]
  /** The paymaster the operation already names (from the stub), if any. */
  paymaster?: Address
  entryPoint: Address
  chainId: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function address(value: unknown): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalid()
  return getAddress(value)
}

function hex(value: unknown, maxBytes: number): Hex {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value) || value.length > 2 + 2 * maxBytes)
    throw invalid()
  return value as Hex
}

function quantity(value: unknown, max: bigint): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw invalid()
  const parsed = BigInt(value)
  if (parsed > max) throw invalid()
  return parsed
}

/** A hex chain id (ERC-7677), within JavaScript's safe integers. */
function chainIdOf(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value))
    throw invalid(PAYMASTER_MESSAGES.invalidParams)
  const id = Number(BigInt(value))
  if (!Number.isSafeInteger(id) || id <= 0) throw invalid(PAYMASTER_MESSAGES.invalidParams)
  return id
}

export function parsePaymasterParams(params: unknown): PaymasterRequest {
  if (!Array.isArray(params) || params.length < 3 || params.length > 4)
    throw invalid(PAYMASTER_MESSAGES.invalidParams)
  const [userOp, entryPoint, chainId, context] = params
  if (context !== undefined && context !== null) {
    // The context is the app's to send (ERC-7677); this service reads nothing from it, but bounds it.
    if (!isRecord(context) || JSON.stringify(context).length > MAX_CONTEXT_CHARS)
      throw invalid(PAYMASTER_MESSAGES.invalidParams)
  }
  if (typeof entryPoint !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(entryPoint))
    throw invalid(PAYMASTER_MESSAGES.invalidParams)
  const request = { entryPoint: getAddress(entryPoint), chainId: chainIdOf(chainId) }
  if (!isRecord(userOp)) throw invalid()
  for (const key of Object.keys(userOp)) if (!KNOWN_FIELDS.has(key)) throw invalid()
  const present = (key: string) => userOp[key] !== undefined && userOp[key] !== null
  const factory = present('factory') ? address(userOp.factory) : undefined
  // A factory without its call, or a call without a factory, is not a v0.7 operation.
  if (present('factoryData') !== (factory !== undefined)) throw invalid()
  if (present('signature')) hex(userOp.signature, MAX_SIGNATURE_BYTES)
  if (present('paymasterData')) hex(userOp.paymasterData, MAX_SIGNATURE_BYTES)
  const gas = {} as Record<GasField, bigint>
  const missingGas: GasField[] = []
  for (const field of GAS_FIELDS) {
    if (present(field)) gas[field] = quantity(userOp[field], UINT128_MAX)
    else {
      gas[field] = 0n
      missingGas.push(field)
    }
  }
  const op: SponsoredUserOperation = {
    sender: address(userOp.sender),
    nonce: quantity(userOp.nonce, UINT256_MAX),
    ...(factory !== undefined && { factory, factoryData: hex(userOp.factoryData, MAX_FACTORY_DATA_BYTES) }),
    callData: hex(userOp.callData, MAX_CALL_DATA_BYTES),
    ...gas,
  }
  return {
    ...request,
    op,
    missingGas,
    ...(present('paymaster') && { paymaster: address(userOp.paymaster) }),
  }
}

/** The most the EntryPoint may charge the paymaster for `op`: every gas limit at maxFeePerGas. */
export function maxGasOf(op: SponsoredUserOperation): bigint {
  return (
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    op.paymasterVerificationGasLimit +
    op.paymasterPostOpGasLimit
  )
}

export const maxCostOf = (op: SponsoredUserOperation): bigint => maxGasOf(op) * op.maxFeePerGas
