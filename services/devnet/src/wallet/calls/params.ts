/**
 * EIP-5792 (v2.0.0) request shapes the dev wallet accepts, checked before anything is signed: a page
 * is hostile input. Plain functions; each refusal carries the EIP-1193 or EIP-5792 code a dapp expects.
 */
import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem'
import { ErrorCode, invalidParams, ProviderRpcError, unauthorized } from '../errors.ts'

/** Calls in one batch; the blockchain API previews at most this many (services/api preview/limits.ts). */
export const MAX_BATCH_CALLS = 10
/** Calldata per call, in bytes: a token or DEX call is well under 1 KiB. */
export const MAX_CALL_DATA_BYTES = 64 * 1024
/** EIP-5792 bounds a batch id at 4096 bytes; the wallet's own ids are 66 characters. */
export const MAX_BATCH_ID_LENGTH = 4096
/** Capabilities named in one request (the batch's and each call's). */
export const MAX_CAPABILITIES = 16
/** Chains one wallet_getCapabilities may ask about. */
export const MAX_CAPABILITY_CHAINS = 64

export const CALLS_VERSION = '2.0.0'

export interface BatchCall {
  to: Address
  data: Hex
  value: bigint
}

export interface SendCallsRequest {
  /** The app's own id for the batch, when it gave one (it must be new). */
  id?: string
  chainId: number
  calls: BatchCall[]
  atomicRequired: boolean
}

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const HEX_QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/

function chainIdOf(value: unknown, field: string): number {
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value) || value === '0x0')
    throw invalidParams(`${field} must be a 0x-prefixed hex chain id`)
  const id = Number(value)
  if (!Number.isSafeInteger(id)) throw invalidParams(`${field} is out of range`)
  return id
}

/** A batch id as the app or the wallet wrote it: a non-empty string within EIP-5792's bound. */
export function batchIdOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_BATCH_ID_LENGTH)
    throw invalidParams(`A batch id is a string of 1 to ${MAX_BATCH_ID_LENGTH} characters`)
  return value
}

/**
 * The wallet supports no capability in wallet_sendCalls: one the app marks `optional: true` is
 * ignored, any other is refused with 5700 (EIP-5792: never silently drop what the app relies on).
 */
function checkCapabilities(value: unknown, where: string): void {
  if (value === undefined) return
  if (!isFields(value)) throw invalidParams(`${where} capabilities must be an object`)
  const entries = Object.entries(value)
  if (entries.length > MAX_CAPABILITIES) throw invalidParams(`${where} names too many capabilities`)
  for (const [name, options] of entries) {
    if (isFields(options) && options.optional === true) continue
    throw new ProviderRpcError(
      ErrorCode.unsupportedCapability,
      `The dev wallet does not support the capability ${JSON.stringify(name.slice(0, 64))}`,
    )
  }
}

function callOf(raw: unknown, index: number): BatchCall {
  const where = `calls[${index}]`
  if (!isFields(raw)) throw invalidParams(`${where} must be an object`)
  const { to, data, value, capabilities } = raw
  if (typeof to !== 'string' || !isAddress(to, { strict: false }))
    throw invalidParams(`${where}.to must be an address (contract creation is not batched)`)
  if (data !== undefined && (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0))
    throw invalidParams(`${where}.data must be 0x-prefixed hex bytes`)
  if (typeof data === 'string' && (data.length - 2) / 2 > MAX_CALL_DATA_BYTES)
    throw invalidParams(`${where}.data is longer than ${MAX_CALL_DATA_BYTES} bytes`)
  if (value !== undefined && (typeof value !== 'string' || !HEX_QUANTITY.test(value)))
    throw invalidParams(`${where}.value must be a hex quantity`)
  checkCapabilities(capabilities, where)
  return {
    to: getAddress(to),
    data: (data as Hex | undefined) ?? '0x',
    value: value === undefined ? 0n : BigInt(value),
  }
}

/**
 * wallet_sendCalls params `[{ version, id?, chainId, from?, calls, atomicRequired, capabilities? }]`
 * for the wallet's `account` on its current `chainId`.
 */
export function parseSendCalls(
  params: unknown,
  wallet: { account: Address; chainId: number },
): SendCallsRequest {
  const request = Array.isArray(params) ? params[0] : undefined
  if (!isFields(request))
    throw invalidParams('wallet_sendCalls expects [{ version, chainId, calls, atomicRequired }]')
  if (request.version !== CALLS_VERSION)
    throw invalidParams(`wallet_sendCalls version must be "${CALLS_VERSION}"`)
  const chainId = chainIdOf(request.chainId, 'chainId')
  if (chainId !== wallet.chainId)
    throw new ProviderRpcError(
      ErrorCode.unsupportedChainId,
      `The dev wallet is on chain ${wallet.chainId}: switch to chain ${chainId} before sending its calls`,
    )
  if (request.from !== undefined) {
    if (typeof request.from !== 'string' || request.from.toLowerCase() !== wallet.account.toLowerCase())
      throw unauthorized(`The wallet holds ${wallet.account}, not ${String(request.from).slice(0, 64)}.`)
  }
  if (typeof request.atomicRequired !== 'boolean') throw invalidParams('atomicRequired must be a boolean')
  if (!Array.isArray(request.calls) || request.calls.length === 0)
    throw invalidParams('calls must be a list of at least one call')
  if (request.calls.length > MAX_BATCH_CALLS)
    throw new ProviderRpcError(
      ErrorCode.bundleTooLarge,
      `The dev wallet sends at most ${MAX_BATCH_CALLS} calls in one batch`,
    )
  checkCapabilities(request.capabilities, 'The batch')
  const calls = request.calls.map(callOf)
  return {
    ...(request.id === undefined ? {} : { id: batchIdOf(request.id) }),
    chainId,
    calls,
    atomicRequired: request.atomicRequired,
  }
}

/** wallet_getCapabilities params `[address?, chainIds?]`: the chains asked about, when filtered. */
export function parseCapabilitiesRequest(params: unknown, account: () => Address): number[] | undefined {
  const [address, chainIds] = Array.isArray(params) ? params : []
  if (
    address !== undefined &&
    (typeof address !== 'string' || address.toLowerCase() !== account().toLowerCase())
  )
    throw unauthorized(`The wallet holds ${account()}, not ${String(address).slice(0, 64)}.`)
  if (chainIds === undefined) return undefined
  if (!Array.isArray(chainIds) || chainIds.length > MAX_CAPABILITY_CHAINS)
    throw invalidParams(`chainIds must be a list of at most ${MAX_CAPABILITY_CHAINS} hex chain ids`)
  return chainIds.map((id) => chainIdOf(id, 'chainIds'))
}
