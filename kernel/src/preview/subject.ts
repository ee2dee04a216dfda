/**
 * What to ask the API about a snapshotted request, and the digest its answer must carry: the same canonical
 * form and digest rules the API uses (@portico/shared-types/preview-digest), computed here from the exact
 * request the wallet will receive, never from the answer. A request whose effects cannot be pinned down
 * (no callee, a data and an input that differ, a chain other than the connected one) is not asked about:
 * the visitor is told the preview is unavailable and still decides.
 */
import type { PreviewRequest } from '@portico/shared-types/api'
import {
  callsDigest,
  canonicalCall,
  type PreviewedCall,
  typedDataDigest,
} from '@portico/shared-types/preview-digest'
import { getAddress, type Hex, isAddress } from 'viem'
import { PreviewRequestError } from './errors.ts'
import type { RequestSnapshot } from './snapshot.ts'

export interface PreviewContext {
  /** The connected eip155 chain (decimal id). */
  chainId: number
  /** The connected account, the sender when a request names none. */
  account: string
}

export type PreviewSubject =
  | { ok: true; body: PreviewRequest; digest: Hex; chainId: number }
  | { ok: false; problem: string }

type Fields = Record<string, unknown>

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A 0x hex or decimal chain id (string or number) as a number; undefined when it is not one. */
function chainIdOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^(0x[0-9a-fA-F]{1,16}|\d{1,20})$/.test(text)) return undefined
  const id = Number(text)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

function senderOf(value: unknown, context: PreviewContext) {
  const from = value ?? context.account
  if (typeof from !== 'string' || !isAddress(from, { strict: false }))
    throw new PreviewRequestError('no sender address')
  return getAddress(from)
}

/** A call as a wallet request writes it; `input` is the newer name of `data` and must not disagree with it. */
function callOf(raw: unknown): PreviewedCall {
  if (!isFields(raw)) throw new PreviewRequestError('a call must be an object')
  const { to, value, data, input } = raw
  if (typeof to !== 'string')
    throw new PreviewRequestError('a call without a callee (contract creation) is not previewed')
  if (value !== undefined && typeof value !== 'string')
    throw new PreviewRequestError('value must be a string')
  for (const bytes of [data, input])
    if (bytes !== undefined && typeof bytes !== 'string')
      throw new PreviewRequestError('data must be a string')
  const dataText = data as string | undefined
  const inputText = input as string | undefined
  if (dataText !== undefined && inputText !== undefined && dataText.toLowerCase() !== inputText.toLowerCase())
    throw new PreviewRequestError('data and input differ: which one the wallet sends is not known')
  return canonicalCall({ to, value, data: dataText ?? inputText })
}

const callBody = (call: PreviewedCall) => ({
  to: call.to,
  value: call.value.toString(),
  data: call.data,
})

function transactionSubject(params: unknown, context: PreviewContext): PreviewSubject {
  const tx = Array.isArray(params) ? params[0] : undefined
  if (!isFields(tx)) return { ok: false, problem: 'eth_sendTransaction params must be [transaction]' }
  if (tx.chainId !== undefined && chainIdOf(tx.chainId) !== context.chainId)
    return { ok: false, problem: 'the transaction names another chain than the connected one' }
  const from = senderOf(tx.from, context)
  const call = callOf(tx)
  return {
    ok: true,
    chainId: context.chainId,
    digest: callsDigest(context.chainId, from, [call]),
    body: { chainId: `eip155:${context.chainId}`, transaction: { from, ...callBody(call) } },
  }
}

function batchSubject(params: unknown, context: PreviewContext): PreviewSubject {
  const batch = Array.isArray(params) ? params[0] : undefined
  if (!isFields(batch) || !Array.isArray(batch.calls) || batch.calls.length === 0)
    return { ok: false, problem: 'wallet_sendCalls params must be [{ chainId, calls }]' }
  // EIP-5792: the batch names its chain; the wallet runs it there, so that is the chain to simulate on.
  const chainId = chainIdOf(batch.chainId) ?? context.chainId
  const from = senderOf(batch.from, context)
  const calls = batch.calls.map(callOf)
  return {
    ok: true,
    chainId,
    digest: callsDigest(chainId, from, calls),
    body: { chainId: `eip155:${chainId}`, batch: { from, calls: calls.map(callBody) } },
  }
}

function typedDataSubject(params: unknown, context: PreviewContext): PreviewSubject {
  if (!Array.isArray(params) || params.length < 2)
    return { ok: false, problem: 'eth_signTypedData_v4 params must be [address, typedData]' }
  const from = senderOf(params[0], context)
  const raw: unknown = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
  if (
    !isFields(raw) ||
    !isFields(raw.domain) ||
    !isFields(raw.types) ||
    typeof raw.primaryType !== 'string' ||
    !isFields(raw.message)
  )
    return { ok: false, problem: 'typedData must hold domain, types, primaryType and message' }
  const payload = {
    domain: raw.domain,
    types: raw.types as Record<string, { name: string; type: string }[]>,
    primaryType: raw.primaryType,
    message: raw.message,
  }
  return {
    ok: true,
    chainId: context.chainId,
    digest: typedDataDigest(payload),
    body: { chainId: `eip155:${context.chainId}`, typedData: { from, payload } },
  }
}

const SUBJECTS: Record<string, (params: unknown, context: PreviewContext) => PreviewSubject> = {
  eth_sendTransaction: transactionSubject,
  wallet_sendCalls: batchSubject,
  eth_signTypedData_v4: typedDataSubject,
}

export function previewSubject(snapshot: RequestSnapshot, context: PreviewContext): PreviewSubject {
  const subject = Object.hasOwn(SUBJECTS, snapshot.method) ? SUBJECTS[snapshot.method] : undefined
  if (!subject) return { ok: false, problem: `${snapshot.method} is not previewed` }
  try {
    return subject(snapshot.params, context)
  } catch (error) {
    // Whatever the request holds that cannot be encoded: say so, never guess a preview for it.
    return { ok: false, problem: error instanceof Error ? error.message : String(error) }
  }
}
