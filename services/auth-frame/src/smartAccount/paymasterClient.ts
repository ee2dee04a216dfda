/**
 * The wallet's ERC-7677 client: asks a paymaster service for stub data (gas estimation) and for the
 * final paymaster data of a user operation, as viem's prepareUserOperation calls it. It speaks the
 * standard protocol, so a provider's endpoint (Pimlico, Alchemy, Coinbase) works by configuration as
 * our own service (services/api /v1/paymaster) does.
 *
 * Only an endpoint from the frame's configuration reaches here (sponsorship.ts): the URL the page
 * names is matched against it and never fetched otherwise. Even so the answer is read bounded in size
 * and time, redirects are refused, and it must name the configured paymaster. A refusal reaches the
 * app as the service's own message, cleaned (no control or format characters) and bounded.
 */
import { displayText } from '@portico/api'
import { type Address, type Hex, hexToBigInt, isAddress, isAddressEqual, isHex, numberToHex } from 'viem'
import {
  formatUserOperationRequest,
  type GetPaymasterDataParameters,
  type GetPaymasterDataReturnType,
  type GetPaymasterStubDataParameters,
  type GetPaymasterStubDataReturnType,
} from 'viem/account-abstraction'
import { FrameError } from '../errors.ts'
import { boundedFetch } from '../social/upstream.ts'

/** A paymaster service the frame may use, with the contract its answers must name. */
export interface PaymasterEndpoint {
  url: string
  paymaster: Address
  /** The app's ERC-7677 context, passed on as is (bounded by the caller). */
  context?: Record<string, unknown>
}

export const PAYMASTER_CLIENT_ERRORS = {
  unavailable: 'The paymaster service is unavailable',
  wrongPaymaster: 'The paymaster service answered for another paymaster',
  malformed: 'The paymaster service gave an answer this wallet cannot use',
  refused: 'The paymaster did not sponsor this operation',
} as const

export const MAX_PAYMASTER_ANSWER_BYTES = 16 * 1024
export const PAYMASTER_TIMEOUT_MS = 10_000
/** Longest refusal message shown to the app. */
export const MAX_REFUSAL_CHARS = 200
const MAX_PAYMASTER_DATA_BYTES = 2 * 1024
/** More gas than any paymaster's validation or post-op needs: a larger answer is not used. */
const MAX_PAYMASTER_GAS = 1_000_000n

export interface PaymasterClientOptions {
  timeoutMs?: number
  maxBytes?: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function gasOf(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(value))
    throw new FrameError(PAYMASTER_CLIENT_ERRORS.malformed)
  const gas = hexToBigInt(value as Hex)
  if (gas > MAX_PAYMASTER_GAS) throw new FrameError(PAYMASTER_CLIENT_ERRORS.malformed)
  return gas
}

/** paymaster and paymasterData of an answer, the paymaster being the configured one. */
function paymasterFields(
  result: Record<string, unknown>,
  expected: Address,
): { paymaster: Address; paymasterData: Hex } {
  const { paymaster, paymasterData } = result
  if (typeof paymaster !== 'string' || !isAddress(paymaster, { strict: false }))
    throw new FrameError(PAYMASTER_CLIENT_ERRORS.malformed)
  if (!isAddressEqual(paymaster, expected)) throw new FrameError(PAYMASTER_CLIENT_ERRORS.wrongPaymaster)
  if (
    typeof paymasterData !== 'string' ||
    !isHex(paymasterData, { strict: true }) ||
    paymasterData.length % 2 !== 0 ||
    paymasterData.length > 2 + 2 * MAX_PAYMASTER_DATA_BYTES
  )
    throw new FrameError(PAYMASTER_CLIENT_ERRORS.malformed)
  return { paymaster: expected, paymasterData: paymasterData as Hex }
}

/** The service's refusal as it wrote it, made fit to show: line breaks as spaces, nothing invisible, bounded. */
function refusalText(message: unknown): string {
  const text = typeof message === 'string' ? message.replace(/[\t\n\v\f\r]+/g, ' ') : undefined
  return displayText(text, MAX_REFUSAL_CHARS) ?? PAYMASTER_CLIENT_ERRORS.refused
}

export function erc7677Client(endpoint: PaymasterEndpoint, options: PaymasterClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? PAYMASTER_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? MAX_PAYMASTER_ANSWER_BYTES

  async function call(
    method: 'pm_getPaymasterStubData' | 'pm_getPaymasterData',
    parameters: GetPaymasterStubDataParameters | GetPaymasterDataParameters,
  ): Promise<Record<string, unknown>> {
    const { chainId, entryPointAddress, context: _ignored, ...userOperation } = parameters
    const op = formatUserOperationRequest(userOperation)
    const params = [
      {
        ...op,
        callGasLimit: op.callGasLimit ?? '0x0',
        verificationGasLimit: op.verificationGasLimit ?? '0x0',
        preVerificationGas: op.preVerificationGas ?? '0x0',
      },
      entryPointAddress,
      numberToHex(chainId),
      endpoint.context ?? null,
    ]
    let response: Response
    let answer: unknown
    try {
      response = await boundedFetch(
        endpoint.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          // The configured URL only: a redirect would be a URL nobody configured.
          redirect: 'error',
        },
        maxBytes,
        timeoutMs,
      )
      answer = JSON.parse(await response.text())
    } catch {
      throw new FrameError(PAYMASTER_CLIENT_ERRORS.unavailable)
    }
    if (isRecord(answer) && isRecord(answer.error)) throw new FrameError(refusalText(answer.error.message))
    if (!response.ok) throw new FrameError(PAYMASTER_CLIENT_ERRORS.unavailable)
    if (!isRecord(answer) || !isRecord(answer.result)) throw new FrameError(PAYMASTER_CLIENT_ERRORS.malformed)
    return answer.result
  }

  return {
    async getPaymasterStubData(
      parameters: GetPaymasterStubDataParameters,
    ): Promise<GetPaymasterStubDataReturnType> {
      const result = await call('pm_getPaymasterStubData', parameters)
      const postOp = gasOf(result.paymasterPostOpGasLimit) ?? 0n
      const verification = gasOf(result.paymasterVerificationGasLimit)
      return {
        ...paymasterFields(result, endpoint.paymaster),
        paymasterPostOpGasLimit: postOp,
        ...(verification !== undefined && { paymasterVerificationGasLimit: verification }),
        // A final stub would skip pm_getPaymasterData; this wallet always asks for the signed data.
        isFinal: false,
      }
    },
    async getPaymasterData(parameters: GetPaymasterDataParameters): Promise<GetPaymasterDataReturnType> {
      const result = await call('pm_getPaymasterData', parameters)
      // Only the paymaster fields: the gas limits the signature covers stay the estimated ones.
      return paymasterFields(result, endpoint.paymaster) as GetPaymasterDataReturnType
    },
  }
}
