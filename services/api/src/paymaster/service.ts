/**
 * The ERC-7677 paymaster service: pm_getPaymasterStubData (gas estimation) and pm_getPaymasterData
 * (the signed sponsorship), each under the project's sponsor policy. Requests come from whoever holds
 * the URL; every answer that is not a sponsorship is a fixed JSON-RPC error (errors.ts).
 */
import { type Address, type Hex, type LocalAccount, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SponsoredGasLedger } from '../db/sponsoredGasRepository.ts'
import { createRateLimiter } from '../http/rateLimit.ts'
import { checkBudget, spendBudget } from './budget.ts'
import type { PaymasterConfig } from './config.ts'
import { invalid, LIMIT_EXCEEDED, PAYMASTER_MESSAGES, PaymasterError } from './errors.ts'
import { checkPolicy } from './policy.ts'
import { signedPaymasterData, stubPaymasterData } from './sign.ts'
import { maxCostOf, parsePaymasterParams } from './userOperation.ts'

const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INTERNAL_ERROR = -32603

type RpcId = string | number | null
export type PaymasterRpcAnswer =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } }

export interface PaymasterStubResult {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: Hex
  paymasterPostOpGasLimit: Hex
  sponsor: { name: string }
  isFinal: false
}

export interface PaymasterDataResult {
  paymaster: Address
  paymasterData: Hex
}

export interface PaymasterService {
  /** The JSON-RPC answer to one request body, for the project its URL names. */
  answer(projectId: string, body: unknown): Promise<PaymasterRpcAnswer>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The request's id when it is one JSON-RPC allows (a short string, a number, null); else null. */
function idOf(body: unknown): RpcId {
  const id = isRecord(body) ? body.id : null
  if (typeof id === 'number' && Number.isFinite(id)) return id
  if (typeof id === 'string' && id.length <= 128) return id
  return null
}

export function createPaymasterService(
  config: PaymasterConfig & { signerKey: Hex },
  ledger: SponsoredGasLedger,
  options: { now?: () => number; onError?: (err: unknown) => void } = {},
): PaymasterService {
  const now = options.now ?? Date.now
  const signer: LocalAccount = privateKeyToAccount(config.signerKey)
  const perSender = createRateLimiter({
    perSecond: config.requestsPerSenderPerMinute / 60,
    burst: config.requestsPerSenderPerMinute,
  })

  const terms = (chainId: number, paymaster: Address) => ({
    chainId,
    paymaster,
    validUntil: Math.floor(now() / 1000) + config.validForSeconds,
    // Valid at once: the signature is bound to the operation's nonce, so it cannot be used twice.
    validAfter: 0,
  })

  async function sponsor(projectId: string, method: string, params: unknown): Promise<unknown> {
    const request = parsePaymasterParams(params)
    const { policy, chain } = checkPolicy(config, projectId, request)
    // Per sender, as the budgets count (beside the API's per-IP limits): a caller inventing senders
    // gains requests, never more than the project's daily budget.
    if (!perSender.take(`${projectId}\n${request.chainId}\n${request.op.sender}`).ok)
      throw new PaymasterError(LIMIT_EXCEEDED, PAYMASTER_MESSAGES.tooManyRequests)
    const budgetKey = { projectId, chainId: request.chainId, sender: request.op.sender, nowMs: now() }
    if (method === 'pm_getPaymasterStubData') {
      const op = { ...request.op, paymasterVerificationGasLimit: config.verificationGasLimit }
      await checkBudget(ledger, policy, budgetKey, maxCostOf(op))
      const stub: PaymasterStubResult = {
        paymaster: chain.paymaster,
        paymasterData: stubPaymasterData(terms(chain.chainId, chain.paymaster)),
        paymasterVerificationGasLimit: numberToHex(config.verificationGasLimit),
        paymasterPostOpGasLimit: '0x0',
        sponsor: { name: policy.sponsorName },
        isFinal: false,
      }
      return stub
    }
    if (request.missingGas.length > 0) throw invalid(PAYMASTER_MESSAGES.missingGas)
    // The signature covers these limits: too low a verification limit only fails the operation itself.
    await spendBudget(ledger, policy, budgetKey, maxCostOf(request.op))
    const data: PaymasterDataResult = {
      paymaster: chain.paymaster,
      paymasterData: await signedPaymasterData(signer, request.op, terms(chain.chainId, chain.paymaster)),
    }
    return data
  }

  return {
    async answer(projectId, body) {
      const id = idOf(body)
      const fail = (code: number, message: string): PaymasterRpcAnswer => ({
        jsonrpc: '2.0',
        id,
        error: { code, message },
      })
      if (!isRecord(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string')
        return fail(INVALID_REQUEST, PAYMASTER_MESSAGES.invalidRequest)
      const { method } = body
      if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData')
        return fail(METHOD_NOT_FOUND, PAYMASTER_MESSAGES.unknownMethod)
      try {
        return { jsonrpc: '2.0', id, result: await sponsor(projectId, method, body.params) }
      } catch (err) {
        if (err instanceof PaymasterError) return fail(err.code, err.message)
        options.onError?.(err)
        return fail(INTERNAL_ERROR, 'Internal error')
      }
    },
  }
}
